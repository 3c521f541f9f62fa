import { signInFormPage } from '@/app/[locale]/(auth)/_components/SignInFormPage';
import { RegisterForm } from '@/components/auth/RegisterForm';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({ path: '/register', page: 'meta.register', noindex: true });

export default signInFormPage('register', RegisterForm, [{ pathname: '/login/email', label: 'toLogin' }]);
