import { readVerificationCookie } from '@/lib/server/accounts/verification-cookie';
import { apiRoute } from '@/lib/server/routes/api-route';
import { currentVerification } from '@/lib/server/accounts/phone-auth';

export const GET = apiRoute(async ({ request }) => currentVerification(readVerificationCookie(request)));
