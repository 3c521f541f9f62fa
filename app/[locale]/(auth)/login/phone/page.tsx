import { signInFormPage } from '@/app/[locale]/(auth)/_components/SignInFormPage';
import { PhoneLoginForm } from '@/components/auth/PhoneLoginForm';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({ path: '/login/phone', page: 'meta.loginPhone', noindex: true });

export default signInFormPage('loginPhone', PhoneLoginForm, [{ pathname: '/login/email', label: 'toEmail' }]);
