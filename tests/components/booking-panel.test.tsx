import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingPanel } from '@/components/idea/BookingPanel';
import { queryKeys } from '@/lib/contract/query-keys';
import type { IdeaResource } from '@/lib/contract/ideas';
import type { SessionUser } from '@/lib/store/app-store';
import { renderInApp, testQueryClient } from '../support/app';
import { makeIdea } from '../support/ideas';
import { apiUrl, setupApiServer } from '../support/msw';

const push = vi.hoisted(() => vi.fn());
vi.mock('@/lib/i18n/navigation', async () => {
  const { navigationMock } = await import('../support/navigation-mock');
  return { ...navigationMock, useRouter: () => ({ push, back: vi.fn(), replace: vi.fn() }) };
});

const server = setupApiServer();

const traveller: SessionUser = {
  id: 5,
  hid: 'User5',
  type: 'users',
  attributes: { name: 'Иван', image_url: null, profile_hid: 'Prof5', role: 'user' },
};

const departure = (id: number, startsAt: string, seatsLeft: number) => ({
  id,
  hid: `Date${id}`,
  type: 'ideaDates' as const,
  attributes: { starts_at: startsAt, seats_total: 10, seats_left: seatsLeft },
  relationships: {},
});

/** An idea with two departures (3 seats left on the first, 8 on the second) and a child price. */
const idea: IdeaResource = makeIdea(1, {
  attributes: { title: 'Маяк на рассвете' },
  relationships: {
    futureDates: {
      data: [departure(11, '2030-05-01T00:00:00Z', 3), departure(12, '2030-05-08T00:00:00Z', 8)],
    },
    ideaPrice: { data: { amount: 2500, currency: 'RUB', symbol: '₽', child_amount: 1000, includes: '' } },
    bookingParams: { data: { min_persons: 1, max_persons: 10, children_allowed: true } },
  },
});

/** The panel as the idea page shows it: the page has already loaded the idea (server prefetch). */
function renderPanel(signedIn: boolean) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(queryKeys.idea('ru', 'Hid1'), { data: idea });
  server.use(http.get(apiUrl('/ideas/Hid1'), () => HttpResponse.json({ data: idea })));
  return renderInApp(<BookingPanel ideaId="Hid1" />, {
    queryClient,
    store: signedIn ? { user: traveller, token: 't' } : {},
  });
}

const panel = () => screen.getByRole('region', { name: 'Бронирование' });
const adults = () => within(panel()).getByRole('group', { name: 'Взрослые' });
const total = () => within(panel()).getByText('Итого').nextElementSibling?.textContent?.replace(/\s/g, ' ');

// The confirmation dialog is a lazy chunk: its first load is slow on a busy machine.
const LOAD = { timeout: 10_000 };

describe('the booking panel', { timeout: 30_000 }, () => {
  beforeEach(() => push.mockReset());

  it('books up to the seats left on the chosen date, and shows the total', async () => {
    const actor = userEvent.setup();
    renderPanel(true);
    const date = within(panel()).getByRole('combobox', { name: 'Дата' });
    expect(within(date).getAllByRole('option')).toHaveLength(2);
    const more = within(adults()).getByRole('button', { name: 'Больше: Взрослые' });
    await actor.click(more);
    await actor.click(more);
    expect(within(adults()).getByText('3')).toBeInTheDocument();
    // Three seats are left on the first date: no fourth adult.
    expect(more).toBeDisabled();
    expect(total()).toMatch(/^7 500/);

    await actor.selectOptions(date, within(date).getAllByRole('option')[1]);
    expect(more).toBeEnabled();
    await actor.click(more);
    expect(within(adults()).getByText('4')).toBeInTheDocument();
    expect(total()).toMatch(/^10 000/);
    expect(within(panel()).getByRole('button', { name: 'Забронировать' })).toBeEnabled();
  });

  it('sends a signed-out visitor to sign in, to come back to this idea with the choice', async () => {
    const actor = userEvent.setup();
    renderPanel(false);
    const date = within(panel()).getByRole('combobox', { name: 'Дата' });
    await actor.selectOptions(date, within(date).getAllByRole('option')[1]);
    await actor.click(within(adults()).getByRole('button', { name: 'Больше: Взрослые' }));
    await actor.click(
      within(within(panel()).getByRole('group', { name: 'Дети' })).getByRole('button', { name: 'Больше: Дети' }),
    );
    await actor.click(within(panel()).getByRole('button', { name: 'Войти и забронировать' }));
    expect(push).toHaveBeenCalledTimes(1);
    const target = new URL(push.mock.calls[0][0], 'http://localhost');
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('next')).toBe('/go/Hid1?date=12&adults=2&children=1');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the seats were taken meanwhile (409)', async () => {
    const actor = userEvent.setup();
    renderPanel(true);
    server.use(
      http.post(apiUrl('/bookings'), () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Conflict', status: 409, detail: 'No seats left' },
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    await actor.click(within(panel()).getByRole('button', { name: 'Забронировать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Проверьте бронь' }, LOAD);
    await actor.click(within(dialog).getByRole('button', { name: 'Подтвердить бронь' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), LOAD);
    expect(within(panel()).getByRole('alert')).toHaveTextContent(
      'На эту дату мест уже не осталось. Выберите другую дату.',
    );
    expect(push).not.toHaveBeenCalled();
  });

  it('shows the booking to confirm, books it and opens it in the account', async () => {
    const actor = userEvent.setup();
    let sent: unknown = null;
    server.use(
      http.post(apiUrl('/bookings'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: { id: 9, hid: 'Book9', type: 'bookings', attributes: {} } }, { status: 201 });
      }),
    );
    renderPanel(true);
    await actor.click(within(adults()).getByRole('button', { name: 'Больше: Взрослые' }));
    await actor.click(within(panel()).getByRole('button', { name: 'Забронировать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Проверьте бронь' }, LOAD);
    expect(within(dialog).getByText('Маяк на рассвете')).toBeInTheDocument();
    expect(within(dialog).getByText('2 взрослых')).toBeInTheDocument();
    expect(within(dialog).getByText(/1 мая/)).toBeInTheDocument();
    expect(within(dialog).getByText(/^5 000/)).toBeInTheDocument();
    await actor.click(within(dialog).getByRole('button', { name: 'Подтвердить бронь' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/account/booking?booked=Book9'), LOAD);
    expect(sent).toEqual({
      idea_id: 'Hid1',
      idea_date_id: 11,
      adults: 2,
      children: 0,
      contact: { name: 'Иван' },
    });
  });
});
