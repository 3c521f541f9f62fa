import { describe, expect, it } from 'vitest';
import { accountMenuEntry } from '@/lib/navigation/account-menu';
import { backAction, shouldShowBack } from '@/lib/navigation/back';
import { isTabActive, tabItems } from '@/lib/navigation/tabs';

describe('header back button', () => {
  it('shows when not on home and a previous route exists', () => {
    expect(shouldShowBack('/go', '/')).toBe(true);
    expect(shouldShowBack('/info/infoAbout', '/go?category_id=2')).toBe(true);
  });

  it('hides on home and when there is no previous route', () => {
    expect(shouldShowBack('/', '/go')).toBe(false);
    expect(shouldShowBack('/go', null)).toBe(false);
  });

  it('goes back through history when there is some, otherwise to the index', () => {
    expect(backAction('/go', 3)).toBe('history');
    expect(backAction(null, 3)).toBe('home');
    expect(backAction('/go', 1)).toBe('home');
  });
});

describe('tab bar', () => {
  it('offers home and login to anonymous visitors', () => {
    expect(tabItems(false).map((t) => t.key)).toEqual(['home', 'login']);
    expect(tabItems(false)[1].href).toBe('/login');
  });

  it('offers home and account when signed in', () => {
    expect(tabItems(true).map((t) => t.key)).toEqual(['home', 'account']);
    expect(tabItems(true)[1].href).toBe('/account');
  });

  it('marks home active only on home, other tabs on their sections', () => {
    const [home, account] = tabItems(true);
    expect(isTabActive(home, '/')).toBe(true);
    expect(isTabActive(home, '/go')).toBe(false);
    expect(isTabActive(account, '/account/booking')).toBe(true);
    expect(isTabActive(account, '/accounting')).toBe(false);
  });
});

describe('account menu', () => {
  it('finds the deepest entry a path belongs to', () => {
    expect(accountMenuEntry('/account')?.key).toBe('accountOverview');
    expect(accountMenuEntry('/account/password')?.key).toBe('accountPassword');
    expect(accountMenuEntry('/office/ideas/abc')?.key).toBe('office');
    expect(accountMenuEntry('/go')).toBeUndefined();
  });
});
