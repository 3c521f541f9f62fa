import { NotFoundView } from '@/app/[locale]/_components/NotFoundView';

/** 404 for unknown paths (caught by [...rest]) and invalid params, inside the default layout. */
export default function NotFound() {
  return <NotFoundView />;
}
