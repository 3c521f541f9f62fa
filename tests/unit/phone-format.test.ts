import { describe, expect, it } from 'vitest';
import { formatContact, formatPhone } from '@/lib/format/phone';

describe('phone numbers shown formatted for their country', () => {
  it('writes Russian numbers as +7 914 123-45-67', () => {
    expect(formatPhone('+79141234567')).toBe('+7 914 123-45-67');
    expect(formatPhone('+74232123456')).toBe('+7 423 212-34-56');
  });

  it('writes Chinese mobile numbers as 3-4-4 and North American ones as 3-3-4', () => {
    expect(formatPhone('+8613800138000')).toBe('+86 138 0013 8000');
    expect(formatPhone('+12125550123')).toBe('+1 212 555 0123');
  });

  it('finds the country code of other numbers and groups the rest', () => {
    expect(formatPhone('+821012345678')).toBe('+82 101 234 5678');
    expect(formatPhone('+4915112345678')).toBe('+49 151 1234 5678');
    expect(formatPhone('+97150123456')).toBe('+971 5012 3456');
    expect(formatPhone('+380441234567')).toBe('+380 441 234 567');
  });

  it('leaves what is not an E.164 number as it is', () => {
    expect(formatPhone('8 914 123 45 67')).toBe('8 914 123 45 67');
    expect(formatPhone('')).toBe('');
  });
});

describe('a booking contact on one line', () => {
  it('joins the name, the formatted phone and the email, skipping what is missing', () => {
    expect(formatContact({ name: 'Анна', phone: '+79141234567', email: 'anna@example.com' })).toBe(
      'Анна, +7 914 123-45-67, anna@example.com',
    );
    expect(formatContact({ name: 'Анна' })).toBe('Анна');
  });
});
