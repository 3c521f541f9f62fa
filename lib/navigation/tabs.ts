export type TabKey = 'home' | 'account' | 'login';

export interface TabItem {
  key: TabKey;
  href: string;
}

/** The bottom tab bar (SPEC section 2): home; account when signed in, login otherwise. */
export function tabItems(isAuthenticated: boolean): TabItem[] {
  return [
    { key: 'home', href: '/' },
    isAuthenticated ? { key: 'account', href: '/account' } : { key: 'login', href: '/login' },
  ];
}

/** A tab is active on its own path and, except home, on the paths below it. */
export function isTabActive(tab: TabItem, path: string): boolean {
  if (tab.href === '/') return path === '/';
  return path === tab.href || path.startsWith(`${tab.href}/`);
}
