import { notFound } from 'next/navigation';

/** Any path no page matches: the locale's not-found page with HTTP 404. */
export default function UnknownPage() {
  notFound();
}
