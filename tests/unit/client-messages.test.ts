import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import cn from '@/messages/cn.json';
import ru from '@/messages/ru.json';
import { AREA_MESSAGES, SHELL_MESSAGES, mergeMessages, pickMessages } from '@/lib/i18n/client-messages';

const catalogue = { ru, en, cn } as Record<string, Record<string, unknown>>;

describe('pickMessages', () => {
  it('keeps whole namespaces and single keys, nested as in the catalogue', () => {
    const messages = {
      nav: { back: 'Назад', home: 'Главная' },
      filters: { apply: 'Применить', clear: 'Сбросить', price: 'Цена' },
      home: { title: 'Сопка' },
    };
    expect(pickMessages(messages, ['nav', 'filters.apply', 'filters.clear'])).toEqual({
      nav: { back: 'Назад', home: 'Главная' },
      filters: { apply: 'Применить', clear: 'Сбросить' },
    });
  });

  it('picks once per catalogue and list: a render gets the same object again, another list its own', () => {
    const shell = pickMessages(ru as Record<string, unknown>, SHELL_MESSAGES);
    expect(pickMessages(ru as Record<string, unknown>, SHELL_MESSAGES)).toBe(shell);
    expect(pickMessages(en as Record<string, unknown>, SHELL_MESSAGES)).not.toBe(shell);
    expect(pickMessages(ru as Record<string, unknown>, AREA_MESSAGES.idea)).not.toEqual(shell);
  });

  it('skips paths that name nothing instead of sending undefined', () => {
    expect(pickMessages({ nav: { back: 'Назад' } }, ['nav.back', 'nav.missing', 'nothing.here'])).toEqual({
      nav: { back: 'Назад' },
    });
  });
});

describe('mergeMessages', () => {
  it('merges a namespace present in both key by key, so an area adds to the shell without replacing it', () => {
    const shell = { nav: { back: 'Назад' }, filters: { apply: 'Применить' } };
    const area = { filters: { price: 'Цена' }, idea: { share: 'Поделиться' } };
    expect(mergeMessages(shell, area)).toEqual({
      nav: { back: 'Назад' },
      filters: { apply: 'Применить', price: 'Цена' },
      idea: { share: 'Поделиться' },
    });
    expect(shell.filters).toEqual({ apply: 'Применить' });
  });
});

describe('client message areas', () => {
  const paths = [...SHELL_MESSAGES, ...Object.values(AREA_MESSAGES).flat()];

  it.each(Object.keys(catalogue))('name messages that exist in %s', (locale) => {
    const missing = paths.filter((path) => {
      const picked = pickMessages(catalogue[locale], [path]);
      return Object.keys(picked).length === 0;
    });
    expect(missing).toEqual([]);
  });

  it('keep the listing and the booking panel out of every other page', () => {
    const shell = pickMessages(ru as Record<string, unknown>, SHELL_MESSAGES);
    expect(Object.keys(shell)).not.toContain('home');
    expect(Object.keys(shell.filters as object)).not.toContain('sortPriceAsc');
    expect(Object.keys(pickMessages(ru as Record<string, unknown>, AREA_MESSAGES.idea))).not.toContain('home');
  });

  it("give the idea page the booking contact's labels and the form errors that explain it", () => {
    const idea = pickMessages(ru as Record<string, unknown>, AREA_MESSAGES.idea) as {
      bookings: Record<string, string>;
      forms: { errors: Record<string, string> };
    };
    expect(Object.keys(idea.bookings)).toEqual(
      // An on-request idea's confirmation has its own lead and button (it showed their keys).
      expect.arrayContaining([
        'contactLegend',
        'contactName',
        'contactPhone',
        'contactHint',
        'requestLead',
        'requestConfirm',
      ]),
    );
    expect(idea.forms.errors.phone).toBe(ru.forms.errors.phone);
    expect(idea.forms.errors.required).toBe(ru.forms.errors.required);
  });
});
