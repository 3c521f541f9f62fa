import { readVerificationCookie } from '@/lib/server/auth/verification-cookie';
import { apiRoute } from '@/lib/server/http/handler';
import { currentVerification } from '@/lib/server/services/phone-auth';

export const GET = apiRoute(async ({ request }) => currentVerification(readVerificationCookie(request)));
