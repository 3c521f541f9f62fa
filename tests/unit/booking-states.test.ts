import { describe, expect, it } from 'vitest';
import { BOOKING_TRANSITIONS, HOLDING_STATES, canMove, isFinal, statesMovableTo } from '@/lib/bookings/states';
import { usualResponseHours } from '@/lib/bookings/response-time';

describe('booking states', () => {
  it('lets the guide, and only the guide, answer a request', () => {
    expect(canMove('requested', 'confirmed', 'guide')).toBe(true);
    expect(canMove('requested', 'declined', 'guide')).toBe(true);
    expect(canMove('requested', 'confirmed', 'traveller')).toBe(false);
    expect(canMove('requested', 'declined', 'traveller')).toBe(false);
    expect(canMove('requested', 'confirmed', 'system')).toBe(false);
  });

  it('lets the traveller cancel a request, an unpaid or a confirmed booking, and the system expire only a request or an unpaid booking', () => {
    expect(statesMovableTo('cancelled', 'traveller')).toEqual([
      'requested',
      'confirmed',
      'awaiting_payment',
      'countered',
    ]);
    expect(statesMovableTo('expired', 'system')).toEqual(['requested', 'awaiting_payment', 'countered']);
    expect(canMove('confirmed', 'expired', 'system')).toBe(false);
  });

  it('never moves a booking out of an ended state, but for a late payment taking its seats again', () => {
    for (const state of ['cancelled', 'declined', 'expired'] as const) expect(isFinal(state)).toBe(true);
    expect(isFinal('requested')).toBe(false);
    expect(canMove('declined', 'confirmed', 'guide')).toBe(false);
    expect(canMove('expired', 'confirmed', 'guide')).toBe(false);
    expect(canMove('expired', 'confirmed', 'system')).toBe(true);
    expect(canMove('cancelled', 'confirmed', 'system')).toBe(false);
  });

  it('frees the seats exactly when a holding booking ends, and takes them only when an ended one is paid late', () => {
    for (const t of BOOKING_TRANSITIONS) {
      expect(t.freesSeats).toBe(HOLDING_STATES.includes(t.from) && !HOLDING_STATES.includes(t.to));
      expect(Boolean(t.takesSeats)).toBe(!HOLDING_STATES.includes(t.from) && HOLDING_STATES.includes(t.to));
    }
  });

  it("lets the guide counter-propose a request's time, and only the traveller accept it", () => {
    expect(canMove('requested', 'countered', 'guide')).toBe(true);
    expect(canMove('requested', 'countered', 'traveller')).toBe(false);
    expect(canMove('countered', 'confirmed', 'traveller')).toBe(true);
    expect(canMove('countered', 'confirmed', 'guide')).toBe(false);
    expect(canMove('countered', 'countered', 'guide')).toBe(false);
    expect(HOLDING_STATES).toContain('countered');
  });

  it('places a paid booking by the system, and never a late one through a plain move', () => {
    expect(canMove('awaiting_payment', 'confirmed', 'system')).toBe(true);
    expect(canMove('awaiting_payment', 'requested', 'system')).toBe(true);
    expect(statesMovableTo('confirmed', 'system')).toEqual(['awaiting_payment']);
  });
});

describe('usual response time', () => {
  const hours = (...h: number[]) => h.map((x) => x * 3_600_000);
  it("falls back to the idea's deadline with fewer than three answers", () => {
    expect(usualResponseHours(hours(1, 2), 24)).toBe(24);
  });
  it('takes the median of the answers, rounded up to whole hours, at least one', () => {
    expect(usualResponseHours(hours(1, 5, 30), 24)).toBe(5);
    expect(usualResponseHours(hours(1, 2, 3.5, 40), 24)).toBe(3);
    expect(usualResponseHours(hours(0.1, 0.2, 0.1), 24)).toBe(1);
  });
});
