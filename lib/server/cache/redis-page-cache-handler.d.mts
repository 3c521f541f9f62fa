// Types for redis-page-cache-handler.mjs, which Next loads by path (see page-cache-handler.d.mts).
declare const RedisPageCacheHandler: new (context: unknown) => unknown;
export default RedisPageCacheHandler;
