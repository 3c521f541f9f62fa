import { ShellNotFound } from '@/components/errors/ShellNotFound';

export default ShellNotFound;
