import { describe, expect, it } from 'vitest';
import { bookingIssue, bookingTotal, guestLimits, type BookingTerms } from '@/lib/bookings/terms';

const terms: BookingTerms = { price: 2500, childPrice: 1500, minPersons: 1, maxPersons: 10, childrenAllowed: true };

describe('booking total', () => {
  it('charges adults the price and children the child price', () => {
    expect(bookingTotal(terms, 2, 1)).toBe(2 * 2500 + 1500);
    expect(bookingTotal(terms, 1, 0)).toBe(2500);
    expect(bookingTotal(terms, 3, 2)).toBe(3 * 2500 + 2 * 1500);
  });

  it('charges children the full price when there is no child price', () => {
    expect(bookingTotal({ price: 2500, childPrice: null }, 2, 2)).toBe(4 * 2500);
  });

  it('keeps a free child ticket free', () => {
    expect(bookingTotal({ price: 2500, childPrice: 0 }, 1, 2)).toBe(2500);
  });

  it('has no total for a price on request', () => {
    expect(bookingTotal({ price: null, childPrice: 1000 }, 2, 0)).toBeNull();
  });
});

describe('booking issues', () => {
  const choice = (adults: number, children: number, seatsLeft = 10) => ({ adults, children, seatsLeft });

  it('accepts a choice within every limit', () => {
    expect(bookingIssue(terms, choice(2, 1))).toBeNull();
  });

  it('needs a date', () => {
    expect(bookingIssue(terms, null)).toBe('noDate');
  });

  it('refuses more travellers than seats left', () => {
    expect(bookingIssue(terms, choice(2, 1, 2))).toBe('notEnoughSeats');
    expect(bookingIssue(terms, choice(2, 0, 2))).toBeNull();
  });

  it('enforces the group size', () => {
    const group = { ...terms, minPersons: 3, maxPersons: 4 };
    expect(bookingIssue(group, choice(2, 0))).toBe('tooFew');
    expect(bookingIssue(group, choice(3, 0))).toBeNull();
    expect(bookingIssue(group, choice(4, 1))).toBe('tooMany');
  });

  it('needs at least one adult', () => {
    expect(bookingIssue(terms, choice(0, 2))).toBe('tooFew');
  });

  it('refuses children on an adults-only idea', () => {
    expect(bookingIssue({ ...terms, childrenAllowed: false }, choice(1, 1))).toBe('noChildren');
  });
});

describe('guest limits', () => {
  it('caps guests by the group size and the seats left together', () => {
    expect(guestLimits(terms, choice(2, 1, 5))).toEqual({ maxAdults: 4, maxChildren: 3 });
    expect(guestLimits({ ...terms, maxPersons: 3 }, choice(1, 0, 10))).toEqual({ maxAdults: 3, maxChildren: 2 });
  });

  it('allows no children on an adults-only idea, and always one adult', () => {
    expect(guestLimits({ ...terms, childrenAllowed: false }, choice(1, 0, 1))).toEqual({
      maxAdults: 1,
      maxChildren: 0,
    });
  });

  function choice(adults: number, children: number, seatsLeft: number) {
    return { adults, children, seatsLeft };
  }
});
