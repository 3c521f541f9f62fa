import { describe, expect, it } from 'vitest';
import { loginGateRedirect, safeNextPath } from '@/lib/auth/gate';

describe('login gate', () => {
  it('sends anonymous visitors of account and office pages to their locale login with next', () => {
    expect(loginGateRedirect('/account', '', false)).toBe('/login?next=%2Faccount');
    expect(loginGateRedirect('/account/booking', '?tab=past', false)).toBe(
      '/login?next=%2Faccount%2Fbooking%3Ftab%3Dpast',
    );
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
  const ACCOUNT = '/en/account';

  it('accepts paths on this site, keeping query and fragment', () => {
    expect(safeNextPath('/en/office', ACCOUNT)).toBe('/en/office');
    expect(safeNextPath('/go?date_from=2026-12-01', ACCOUNT)).toBe('/go?date_from=2026-12-01');
    expect(safeNextPath('/account/booking?tab=past#top', ACCOUNT)).toBe('/account/booking?tab=past#top');
    // Encoded slashes stay inside one path segment: a browser does not read them as a host.
    expect(safeNextPath('/%2F%2Fevil.example', ACCOUNT)).toBe('/%2F%2Fevil.example');
    expect(safeNextPath('/%09/evil.example', ACCOUNT)).toBe('/%09/evil.example');
  });

  // Values as the page receives them, i.e. after the query string's own percent-decoding.
  const hostile: [string, string | null | undefined][] = [
    ['absolute URL', 'https://evil.example'],
    ['absolute URL of the same scheme', 'http://evil.example/account'],
    ['scheme without slashes', 'https:evil.example'],
    ['same scheme without slashes', 'http:evil.example'],
    ['javascript URL', 'javascript:alert(1)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with a path', '//evil.example/account'],
    ['three slashes', '///evil.example'],
    ['backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['backslash and slash', '\\/evil.example'],
    ['tab (%09)', '/\t/evil.example'],
    ['newline (%0A)', '/\n/evil.example'],
    ['carriage return (%0D)', '/\r/evil.example'],
    ['NUL', '/\u0000/evil.example'],
    ['C1 control', '/\u0085/evil.example'],
    ['leading space', ' //evil.example'],
    ['leading tab', '\t//evil.example'],
    ['dot segment to protocol-relative', '/.//evil.example'],
    ['parent segment to protocol-relative', '/a/..//evil.example'],
    ['encoded dot segments to protocol-relative', '/%2e%2e//evil.example'],
    ['relative path', 'account'],
    ['still encoded (double-encoded input)', '%2F%2Fevil.example'],
    ['user info', '//user@evil.example'],
    ['empty', ''],
    ['null', null],
    ['undefined', undefined],
  ];

  it.each(hostile)('refuses %s and falls back', (_name, value) => {
    expect(safeNextPath(value, ACCOUNT)).toBe(ACCOUNT);
  });

  it('never returns anything a browser would open on another origin', () => {
    for (const [, value] of hostile) {
      const target = new URL(safeNextPath(value, ACCOUNT), 'https://sopka.example');
      expect(target.origin).toBe('https://sopka.example');
    }
  });
});
