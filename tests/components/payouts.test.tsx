import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PayoutsView } from '@/components/office/earnings/PayoutsView';
import type { PayoutLine } from '@/lib/contract/earnings';
import type { SessionUser } from '@/lib/store/app-store';
import { renderInApp } from '../support/app';
import { apiUrl, setupApiServer } from '../support/msw';

const server = setupApiServer();

const moderator: SessionUser = {
  id: 1,
  hid: 'U1',
  type: 'users',
  attributes: { name: 'Модератор', image_url: null, profile_hid: 'P1', role: 'moderator' },
};

const owed: PayoutLine = {
  guide_id: 7,
  guide_hid: 'G7',
  guide_name: 'Анна Гид',
  currency: 'RUB',
  bookings: 3,
  owed: 1_234_500,
  paid_out: null,
  reference: null,
  paid_at: null,
};

/** The month's payouts in full mode; marking one answers it paid, and the list then shows it so. */
function servePayouts() {
  let line = owed;
  const marked: unknown[] = [];
  server.use(
    http.get(apiUrl('/office/payouts'), ({ request }) => {
      const month = new URL(request.url).searchParams.get('month');
      return HttpResponse.json({ data: [line], meta: { month, payment_mode: 'full' } });
    }),
    http.post(apiUrl('/office/payouts'), async ({ request }) => {
      marked.push(await request.json());
      line = { ...owed, paid_out: owed.owed, reference: 'п/п 17', paid_at: '2026-12-02T03:00:00Z' };
      return HttpResponse.json({ data: [line] });
    }),
  );
  return marked;
}

describe('PayoutsView', () => {
  it('marks a month paid only with a reference, and shows it paid', async () => {
    const marked = servePayouts();
    renderInApp(<PayoutsView initialMonth="2026-11" />, { store: { user: moderator, token: 'token' } });
    const row = await screen.findByRole('row', { name: /Анна Гид/ });
    expect(row).toHaveTextContent('12 345 ₽');
    expect(row).toHaveTextContent('не выплачено');

    await userEvent.click(within(row).getByRole('button', { name: 'Отметить выплату: Анна Гид' }));
    const dialog = await screen.findByRole('dialog', { name: 'Выплата гиду Анна Гид' });
    expect(dialog).toHaveTextContent('12 345 ₽');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отметить' }));
    expect(await within(dialog).findByText('Укажите номер платежа.')).toBeInTheDocument();
    expect(marked).toEqual([]);

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Номер платёжного поручения или перевода' }),
      'п/п 17',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отметить' }));
    expect(await screen.findByText(/«п\/п 17»/)).toBeInTheDocument();
    expect(marked).toEqual([{ guide_id: 7, month: '2026-11', reference: 'п/п 17' }]);
  });
});
