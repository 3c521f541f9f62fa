import { describe, expect, it } from 'vitest';
import { accountMenuEntry, accountMenuFor } from '@/lib/navigation/account-menu';
import { backAction, shouldShowBack } from '@/lib/navigation/back';
import { clickedSiteLink, siteLinkOf, type LinkClick } from '@/lib/navigation/link-click';
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
    expect(accountMenuEntry('/office/moderation')?.key).toBe('accountModeration');
  });

  it('shows the moderation entry to moderators only', () => {
    expect(accountMenuFor(true).map((entry) => entry.key)).toContain('accountModeration');
    expect(accountMenuFor(false).map((entry) => entry.key)).not.toContain('accountModeration');
    expect(accountMenuFor(false).map((entry) => entry.key)).toContain('office');
  });
});

describe('which link clicks the app opens itself', () => {
  const here = 'https://sopka.travel/go?category_id=2';
  /** A click on something inside a link with these attributes (none: not inside a link). */
  const clickIn = (attributes: Record<string, string> | null, click: Partial<LinkClick> = {}): LinkClick => {
    const anchor = attributes && {
      getAttribute: (name: string) => attributes[name] ?? null,
      hasAttribute: (name: string) => name in attributes,
    };
    const target = {
      closest: (selector: string) => (selector === 'a[href]' ? anchor : null),
    } as unknown as EventTarget;
    return {
      defaultPrevented: false,
      button: 0,
      metaKey: false,
      ctrlKey: false,
      shiftKey: false,
      altKey: false,
      target,
      ...click,
    };
  };

  it('opens a plain left click on a link of this site, with its query and fragment', () => {
    expect(clickedSiteLink(clickIn({ href: '/go/Ab3' }), here)?.href).toBe('https://sopka.travel/go/Ab3');
    expect(clickedSiteLink(clickIn({ href: '/en/go?category_id=7#list', target: '_self' }), here)?.href).toBe(
      'https://sopka.travel/en/go?category_id=7#list',
    );
  });

  it('leaves new tabs, new windows, downloads and other buttons to the browser', () => {
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const)
      expect(clickedSiteLink(clickIn({ href: '/go/Ab3' }, { [key]: true }), here)).toBeNull();
    expect(clickedSiteLink(clickIn({ href: '/go/Ab3' }, { button: 1 }), here)).toBeNull();
    expect(clickedSiteLink(clickIn({ href: '/go/Ab3', target: '_blank' }), here)).toBeNull();
    expect(clickedSiteLink(clickIn({ href: '/media/guide.pdf', download: '' }), here)).toBeNull();
  });

  it('leaves other sites, clicks outside links and clicks a handler has taken', () => {
    expect(clickedSiteLink(clickIn({ href: 'https://t.me/sopka_travel' }), here)).toBeNull();
    expect(clickedSiteLink(clickIn(null), here)).toBeNull();
    expect(clickedSiteLink(clickIn({ href: '/go/Ab3' }, { defaultPrevented: true }), here)).toBeNull();
  });

  it('still names the page of a click the app has taken, for the progress bar', () => {
    expect(siteLinkOf(clickIn({ href: '/go/Ab3' }, { defaultPrevented: true }), here)?.href).toBe(
      'https://sopka.travel/go/Ab3',
    );
    expect(siteLinkOf(clickIn({ href: '/go/Ab3' }, { defaultPrevented: true, ctrlKey: true }), here)).toBeNull();
    expect(siteLinkOf(clickIn({ href: 'https://t.me/sopka_travel' }, { defaultPrevented: true }), here)).toBeNull();
  });
});
