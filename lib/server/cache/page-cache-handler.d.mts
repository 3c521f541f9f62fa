import FileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache';

/** Next's file-system cache store, answering cached pages' HTML as bytes and keeping 404 pages off the disk (see page-cache-handler.mjs). */
export default class PageCacheHandler extends FileSystemCache {}
