import { earningsResponse, monthQuery, payoutBody, payoutCreated, payoutsResponse } from '../earnings';
import { errors, get, localeHeader, post, problemResponse, queryParameters, unauthorized } from './helpers';

const moderatorsOnly = { ...unauthorized, '403': problemResponse('Not a moderator or admin') };

/** The guide's earnings by month (JSON and CSV) and the platform's payouts to guides (moderators and admins). */
export const earningsPaths = () => ({
  '/office/earnings': get(
    "The signed-in guide's paid bookings (a succeeded online payment) of trips in a Vladivostok month: gross, paid online, commission, refunds (made and pending) and what the guide receives (on the day in prepay mode, from the platform in full mode), in minor units, with totals per currency. A bad month is a 422",
    earningsResponse,
    queryParameters(monthQuery),
    unauthorized,
  ),
  '/office/earnings.csv': {
    get: {
      summary:
        'The same month as CSV for Excel: UTF-8 with a byte order mark, `;`-separated, CRLF lines, headed in the request language, amounts as decimals (a decimal comma in Russian), a totals row per currency; cells that would run as formulas (= + - @) start with an apostrophe',
      parameters: [localeHeader, ...queryParameters(monthQuery)],
      responses: {
        '200': { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
        ...errors,
        ...unauthorized,
      },
    },
  },
  '/office/payouts': {
    ...get(
      "Per guide and currency, what the platform owes for a Vladivostok month's trips paid in full online (each booking's share less its refunds, never negative) and what was marked paid (moderators and admins)",
      payoutsResponse,
      queryParameters(monthQuery),
      moderatorsOnly,
    ),
    ...post(
      "Mark a guide's month paid, with the bank's reference: the amount is the server's own sum (one payout per currency owed), written with an audit-log row in one transaction (moderators and admins); answers the guide's lines",
      payoutBody,
      payoutCreated,
      {
        ...moderatorsOnly,
        '404': problemResponse('No such guide'),
        '409': problemResponse('Already marked paid for that month, or nothing is owed'),
      },
    ),
  },
});
