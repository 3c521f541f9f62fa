import type { SessionUser } from '@/lib/store/app-store';

/** Аня, a signed-in traveller as the app store holds her; `attributes` change hers. */
export const sessionUser = (attributes: Partial<SessionUser['attributes']> = {}): SessionUser => ({
  id: 1,
  hid: 'UserHid',
  type: 'users',
  attributes: {
    name: 'Аня',
    email: 'anya@example.com',
    phone: null,
    image_url: null,
    profile_hid: 'ProfHid',
    ...attributes,
  },
});

/** Иван, a signed-in traveller with a phone, as the booking panels' tests book as him. */
export const bookingTraveller: SessionUser = {
  id: 5,
  hid: 'User5',
  type: 'users',
  attributes: { name: 'Иван', phone: '+79141234567', image_url: null, profile_hid: 'Prof5', role: 'user' },
};

/** The app store of a signed-in session whose check with the API is done. */
export const signedInAs = (user: SessionUser) => ({ user, token: 'token', sessionChecked: true });
