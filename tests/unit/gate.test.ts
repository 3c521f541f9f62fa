import { describe, expect, it } from 'vitest';
import { loginGateRedirect, safeNextPath } from '@/lib/auth/gate';

describe('login gate', () => {
  it('sends anonymous visitors of account and office pages to their locale login with next', () => {
    expect(loginGateRedirect('/account', '', false)).toBe('/login?next=%2Faccount');
    expect(loginGateRedirect('/account/booking', '?tab=past', false)).toBe('/login?next=%2Faccount%2Fbooking%3Ftab%3Dpast');
    expect(loginGateRedirect('/en/office', '', false)).toBe('/en/login?next=%2Fen%2Foffice');
    expect(loginGateRedirect('/cn/office/ideas/abc', '', false)).toBe('/cn/login?next=%2Fcn%2Foffice%2Fideas%2Fabc');
  });

  it('lets a visitor with a session through', () => {
    expect(loginGateRedirect('/account', '', true)).toBeNull();
    expect(loginGateRedirect('/en/office', '', true)).toBeNull();
  });

  it('leaves public pages alone, including look-alike paths', () => {
    for (const path of ['/', '/go', '/login', '/en/go/123', '/accounting', '/officer', '/info/infoAbout']) {
      expect(loginGateRedirect(path, '', false)).toBeNull();
    }
  });
});

describe('next parameter', () => {
  it('accepts paths on this site', () => {
    expect(safeNextPath('/en/office')).toBe('/en/office');
    expect(safeNextPath('/go?date_from=2026-12-01')).toBe('/go?date_from=2026-12-01');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null, undefined]) {
      expect(safeNextPath(value)).toBe('/');
    }
  });
});
