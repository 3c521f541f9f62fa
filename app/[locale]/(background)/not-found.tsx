import { ShellNotFound } from '@/app/[locale]/_components/ShellNotFound';

export default ShellNotFound;
