import createMiddleware from 'next-intl/middleware';
import { routing } from './i18n/routing';

export default createMiddleware(routing);

// next-intl's recommended matcher: every path but the API, Next's files and files with an extension.
export const config = { matcher: '/((?!api|trpc|_next|_vercel|.*\\..*).*)' };
