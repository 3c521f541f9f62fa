/** The part of the Network Information API that decides prefetching (not in every browser). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** Page prefetch is skipped on 2g connections or when the visitor asked to save data (SPEC section 9). */
export function prefetchAllowed(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}

type NavigatorWithConnection = Navigator & { connection?: ConnectionHints & EventTarget };

/** The browser's connection hints, where it has them (Chromium). */
export function browserConnection(): (ConnectionHints & EventTarget) | undefined {
  return (navigator as NavigatorWithConnection).connection;
}

/** Whether this browser's connection allows page prefetch now. */
export const prefetchAllowedNow = () => prefetchAllowed(browserConnection());
