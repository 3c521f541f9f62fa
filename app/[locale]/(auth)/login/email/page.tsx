import { signInFormPage } from '@/app/[locale]/(auth)/_components/SignInFormPage';
import { EmailLoginForm } from '@/components/auth/EmailLoginForm';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({ path: '/login/email', page: 'meta.loginEmail', noindex: true });

export default signInFormPage('loginEmail', EmailLoginForm, [
  { pathname: '/register', label: 'toRegister' },
  { pathname: '/login/phone', label: 'toPhone' },
]);
