import { describe, expect, it } from 'vitest';
import { rootLocaleFor } from '@/lib/i18n/detect';
import { localizePath, splitLocalePath } from '@/lib/i18n/locales';

describe('first visit to /', () => {
  it('goes to English when the browser prefers English', () => {
    expect(rootLocaleFor({ acceptLanguage: 'en-US,en;q=0.9,ru;q=0.5' })).toBe('en');
    expect(rootLocaleFor({ acceptLanguage: 'en-GB' })).toBe('en');
  });

  it('stays Russian for every other preference, Chinese included', () => {
    expect(rootLocaleFor({ acceptLanguage: 'ru-RU,ru;q=0.9,en;q=0.8' })).toBe('ru');
    expect(rootLocaleFor({ acceptLanguage: 'zh-CN,zh;q=0.9,en;q=0.8' })).toBe('ru');
    expect(rootLocaleFor({ acceptLanguage: 'de-DE,en;q=0.5' })).toBe('ru');
    expect(rootLocaleFor({ acceptLanguage: '' })).toBe('ru');
    expect(rootLocaleFor({})).toBe('ru');
  });

  it('ranks by quality, not by order', () => {
    expect(rootLocaleFor({ acceptLanguage: 'ru;q=0.4,en;q=0.9' })).toBe('en');
    expect(rootLocaleFor({ acceptLanguage: 'en;q=0.3,ru' })).toBe('ru');
  });

  it('follows a remembered choice over the browser', () => {
    expect(rootLocaleFor({ cookie: 'zh-CN', acceptLanguage: 'en-US' })).toBe('zh-CN');
    expect(rootLocaleFor({ cookie: 'ru', acceptLanguage: 'en-US' })).toBe('ru');
    expect(rootLocaleFor({ cookie: 'en', acceptLanguage: 'ru' })).toBe('en');
  });

  it('ignores a cookie that is not one of our locales', () => {
    expect(rootLocaleFor({ cookie: 'cn', acceptLanguage: 'ru' })).toBe('ru');
    expect(rootLocaleFor({ cookie: 'fr', acceptLanguage: 'en' })).toBe('en');
  });

  it('survives a malformed header', () => {
    expect(rootLocaleFor({ acceptLanguage: ';;,q=abc,*' })).toBe('ru');
  });
});

describe('locale paths', () => {
  it('prefixes every locale but Russian, Chinese with /cn', () => {
    expect(localizePath('ru', '/go')).toBe('/go');
    expect(localizePath('en', '/go')).toBe('/en/go');
    expect(localizePath('zh-CN', '/go')).toBe('/cn/go');
    expect(localizePath('zh-CN', '/')).toBe('/cn');
    expect(localizePath('en', '/?category_id=2')).toBe('/en?category_id=2');
  });

  it('gives Russian its own prefix when a link switches to it', () => {
    expect(localizePath('ru', '/go', { forcePrefix: true })).toBe('/ru/go');
    expect(localizePath('ru', '/', { forcePrefix: true })).toBe('/ru');
    expect(localizePath('en', '/go', { forcePrefix: true })).toBe('/en/go');
  });

  it('splits a request path into locale and unprefixed path', () => {
    expect(splitLocalePath('/cn/office')).toEqual({ locale: 'zh-CN', path: '/office' });
    expect(splitLocalePath('/zh-CN/office')).toEqual({ locale: 'zh-CN', path: '/office' });
    expect(splitLocalePath('/en/account')).toEqual({ locale: 'en', path: '/account' });
    expect(splitLocalePath('/en')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocalePath('/ru/account')).toEqual({ locale: 'ru', path: '/account' });
    expect(splitLocalePath('/account')).toEqual({ locale: 'ru', path: '/account' });
    expect(splitLocalePath('/english')).toEqual({ locale: 'ru', path: '/english' });
  });
});
