/** What the booking panel knows about an idea's terms. */
export interface BookingTerms {
  price: number | null;
  childPrice: number | null;
  minPersons: number;
  maxPersons: number;
  childrenAllowed: boolean;
}

export interface BookingChoice {
  adults: number;
  children: number;
  seatsLeft: number;
}

/** The total a traveller pays: adults at the price, children at the child price (else the full price). */
export function bookingTotal(
  terms: Pick<BookingTerms, 'price' | 'childPrice'>,
  adults: number,
  children: number,
): number | null {
  if (terms.price === null) return null;
  return adults * terms.price + children * (terms.childPrice ?? terms.price);
}

export type BookingIssue = 'noDate' | 'notEnoughSeats' | 'tooFew' | 'tooMany' | 'noChildren';

/** Why a choice cannot be booked, or null when it can (the API checks the same and answers 409/422). */
export function bookingIssue(terms: BookingTerms, choice: BookingChoice | null): BookingIssue | null {
  if (!choice) return 'noDate';
  const persons = choice.adults + choice.children;
  if (choice.children > 0 && !terms.childrenAllowed) return 'noChildren';
  if (persons > choice.seatsLeft) return 'notEnoughSeats';
  if (persons < Math.max(1, terms.minPersons) || choice.adults < 1) return 'tooFew';
  if (persons > terms.maxPersons) return 'tooMany';
  return null;
}

/** The most guests of each kind the steppers allow for a date. */
export function guestLimits(terms: BookingTerms, choice: BookingChoice): { maxAdults: number; maxChildren: number } {
  const cap = Math.min(terms.maxPersons, choice.seatsLeft);
  return {
    maxAdults: Math.max(1, cap - choice.children),
    maxChildren: terms.childrenAllowed ? Math.max(0, cap - choice.adults) : 0,
  };
}
