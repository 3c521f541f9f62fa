import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingPanel } from '@/components/idea/BookingPanel';
import type { IdeaResource } from '@/lib/contract/ideas';
import type { SessionUser } from '@/lib/store/app-store';
import { renderInApp } from '../support/app';
import { bookingTraveller as traveller } from '../support/session';
import { makeIdea } from '../support/ideas';
import { apiUrl, setupApiServer } from '../support/msw';

const push = vi.hoisted(() => vi.fn());
const refresh = vi.hoisted(() => vi.fn());
vi.mock('@/lib/i18n/navigation', async () => {
  const { navigationMock } = await import('../support/navigation-mock');
  return { ...navigationMock, useRouter: () => ({ push, refresh, back: vi.fn(), replace: vi.fn() }) };
});

// The progress bar's timers would outlive the test environment once a booking navigates.
vi.mock('@/components/providers/progress', () => ({ navigationStarted: vi.fn() }));

const server = setupApiServer();

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

/** The panel as the idea page shows it: with the idea the server rendered the page with. */
function renderPanel(signedIn: boolean, { user = traveller, isMobile = false } = {}) {
  return renderInApp(<BookingPanel idea={idea} payment={{ online: false, mode: 'prepay', prepayPercent: 20 }} />, {
    store: { isMobile, ...(signedIn ? { user, token: 't' } : {}) },
  });
}

/** Answers POST /bookings with a new booking and keeps the bodies it was sent. */
function acceptBookings() {
  const sent: unknown[] = [];
  server.use(
    http.post(apiUrl('/bookings'), async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ data: { id: 9, hid: 'Book9', type: 'bookings', attributes: {} } }, { status: 201 });
    }),
  );
  return sent;
}

const panel = () => screen.getByRole('region', { name: 'Бронирование' });
const adults = () => within(panel()).getByRole('group', { name: 'Взрослые' });
const total = () => within(panel()).getByText('Итого').nextElementSibling?.textContent?.replace(/\s/g, ' ');

// The confirmation dialog is a lazy chunk: its first load is slow on a busy machine.
const LOAD = { timeout: 10_000 };

describe('the booking panel', { timeout: 30_000 }, () => {
  beforeEach(() => {
    push.mockReset();
    refresh.mockReset();
  });

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

  it("shows the idea's own author a note instead of the booking form", () => {
    const author: SessionUser = { ...traveller, id: idea.relationships.author!.data.id, hid: 'User101' };
    renderPanel(true, { user: author });
    expect(within(panel()).getByText('Это ваша идея: забронировать её самому нельзя.')).toBeInTheDocument();
    expect(within(panel()).queryByRole('combobox', { name: 'Дата' })).toBeNull();
    expect(within(panel()).queryByRole('button')).toBeNull();
  });

  it('says so when the seats were taken meanwhile (409), and renders the page again with the seats left', async () => {
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
    expect(refresh).toHaveBeenCalledTimes(1);
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
      contact: { name: 'Иван', phone: '+79141234567' },
    });
  });

  it("asks for the contact pre-filled from the profile, and sends the traveller's changes", async () => {
    const actor = userEvent.setup();
    const sent = acceptBookings();
    renderPanel(true);
    await actor.click(within(panel()).getByRole('button', { name: 'Забронировать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Проверьте бронь' }, LOAD);
    const name = within(dialog).getByRole('textbox', { name: 'Имя' });
    const phone = within(dialog).getByRole('textbox', { name: 'Телефон' });
    expect(name).toHaveValue('Иван');
    expect(phone).toHaveValue('+7 914 123-45-67');
    await actor.clear(name);
    await actor.type(name, 'Иван Петров');
    await actor.clear(phone);
    await actor.type(phone, '8 (924) 555-66-77');
    await actor.click(within(dialog).getByRole('button', { name: 'Подтвердить бронь' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/account/booking?booked=Book9'), LOAD);
    expect(sent).toEqual([expect.objectContaining({ contact: { name: 'Иван Петров', phone: '+79245556677' } })]);
  });

  it('does not book without a valid phone: the field says what is wrong, also when the API refuses it', async () => {
    const actor = userEvent.setup();
    const sent = acceptBookings();
    renderPanel(true, { user: { ...traveller, attributes: { ...traveller.attributes, phone: null } } });
    await actor.click(within(panel()).getByRole('button', { name: 'Забронировать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Проверьте бронь' }, LOAD);
    const phone = within(dialog).getByRole('textbox', { name: 'Телефон' });
    expect(phone).toHaveValue('');
    const confirm = within(dialog).getByRole('button', { name: 'Подтвердить бронь' });
    await actor.click(confirm);
    expect(phone).toHaveAccessibleDescription(/Заполните это поле/);
    await actor.type(phone, '12');
    await actor.click(confirm);
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(/в международном формате/);
    await waitFor(() => expect(phone).toHaveFocus());
    expect(sent).toEqual([]);

    server.use(
      http.post(apiUrl('/bookings'), () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Unprocessable Entity',
            status: 422,
            errors: { 'contact.phone': ['Use the international format, e.g. +79141234567.'] },
          },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    await actor.clear(phone);
    await actor.type(phone, '+999 123 456 789');
    await actor.click(confirm);
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/в международном формате/), LOAD);
    expect(screen.getByRole('dialog', { name: 'Проверьте бронь' })).toBeInTheDocument();
    expect(push).not.toHaveBeenCalled();
  });

  it('on a phone, the bar opens a sheet: the date and guests chosen there are what gets booked', async () => {
    const actor = userEvent.setup();
    const sent = acceptBookings();
    renderPanel(true, { isMobile: true });
    const bar = within(panel()).getByRole('button', { name: 'Забронировать' });
    await actor.click(bar);
    const sheet = await screen.findByRole('dialog', { name: 'Дата и гости' }, LOAD);
    const date = within(sheet).getByRole('combobox', { name: 'Дата' });
    await actor.selectOptions(date, within(date).getAllByRole('option')[1]);
    const group = within(sheet).getByRole('group', { name: 'Взрослые' });
    await actor.click(within(group).getByRole('button', { name: 'Больше: Взрослые' }));
    await actor.click(within(group).getByRole('button', { name: 'Больше: Взрослые' }));
    expect(within(group).getByText('3')).toBeInTheDocument();
    expect(within(sheet).getByText('Итого').nextElementSibling).toHaveTextContent(/^7\s500/);
    await actor.click(within(sheet).getByRole('button', { name: 'Продолжить' }));

    const dialog = await screen.findByRole('dialog', { name: 'Проверьте бронь' }, LOAD);
    expect(screen.queryByRole('dialog', { name: 'Дата и гости' })).toBeNull();
    expect(within(dialog).getByText('3 взрослых')).toBeInTheDocument();
    expect(within(dialog).getByText(/8 мая/)).toBeInTheDocument();
    await actor.click(within(dialog).getByRole('button', { name: 'Изменить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), LOAD);
    // Focus goes back to the bar's button, which opened the sheet and then the confirmation.
    await waitFor(() => expect(bar).toHaveFocus());

    await actor.click(bar);
    await actor.click(
      within(await screen.findByRole('dialog', { name: 'Дата и гости' })).getByRole('button', { name: 'Продолжить' }),
    );
    await actor.click(
      within(await screen.findByRole('dialog', { name: 'Проверьте бронь' })).getByRole('button', {
        name: 'Подтвердить бронь',
      }),
    );
    await waitFor(() => expect(push).toHaveBeenCalledWith('/account/booking?booked=Book9'), LOAD);
    expect(sent).toEqual([expect.objectContaining({ idea_date_id: 12, adults: 3, children: 0 })]);
  });

  it('gives focus back to the button that opened the confirmation when it closes', async () => {
    const actor = userEvent.setup();
    renderPanel(true);
    const book = within(panel()).getByRole('button', { name: 'Забронировать' });
    await actor.click(book);
    await screen.findByRole('dialog', { name: 'Проверьте бронь' }, LOAD);
    await actor.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), LOAD);
    await waitFor(() => expect(book).toHaveFocus());
  });
});
