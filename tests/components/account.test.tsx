import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { EmailConfirmation } from '@/components/account/EmailConfirmation';
import { EmailForm } from '@/components/account/EmailForm';
import { PasswordForm } from '@/components/account/PasswordForm';
import { BookingsList } from '@/components/bookings/BookingsList';
import type { BookingResource } from '@/lib/api/bookings';
import { formatDeparture } from '@/lib/format/dates';
import ru from '@/messages/ru.json';
import { renderInApp } from '../support/app';
import { apiUrl, setupApiServer } from '../support/msw';
import { sessionUser, signedInAs } from '../support/session';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);

const server = setupApiServer();

const user = sessionUser();
const signedIn = signedInAs(user);

const DAY = 24 * 60 * 60 * 1000;
function booking(
  hid: string,
  title: string,
  daysFromNow: number,
  status: BookingResource['attributes']['status'] = 'confirmed',
  more: Partial<BookingResource['attributes']> = {},
): BookingResource {
  return {
    id: hid.length,
    hid,
    type: 'bookings',
    attributes: {
      status,
      adults: 2,
      children: 1,
      total: 7500,
      currency: 'RUB',
      symbol: '₽',
      conversation_hid: null,
      contact: { name: 'Мария', phone: '+79141234567' },
      starts_at: new Date(Date.now() + daysFromNow * DAY).toISOString(),
      upcoming: daysFromNow > 0,
      // A three-hour trip.
      ends_at: new Date(Date.now() + daysFromNow * DAY + 3 * 60 * 60 * 1000).toISOString(),
      created_at: new Date().toISOString(),
      cancelled_at: null,
      traveller_name: 'Аня',
      traveller_hid: 'User1',
      can_review: false,
      review: null,
      cancellation_policy: 'free_24h',
      free_cancellation_until: new Date(Date.now() + daysFromNow * DAY - DAY).toISOString(),
      can_cancel: daysFromNow > 1 && (status === 'confirmed' || status === 'requested'),
      meeting_point: { text: 'У входа в океанариум', lat: 43.0195, lon: 131.9436 },
      respond_by: null,
      proposal: null,
      ended_by: status === 'cancelled' ? 'traveller' : null,
      end_reason: null,
      payment: null,
      ...more,
    },
    relationships: { idea: { data: { id: 1, hid: `Idea${hid}`, title, deleted: false, cover_url: null } } },
  };
}

describe('password form', () => {
  it('blocks a mismatched confirmation before asking the API', async () => {
    const calls: unknown[] = [];
    server.use(
      http.patch(apiUrl('/users/:id/setPassword'), async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ data: { changed: true } });
      }),
    );
    renderInApp(<PasswordForm />, { store: signedIn });
    const t = ru.account.password;
    await userEvent.type(screen.getByLabelText(t.old), 'old-secret-1');
    await userEvent.type(screen.getByLabelText(t.new), 'new-secret-1');
    await userEvent.type(screen.getByLabelText(t.confirm), 'new-secret-2');
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(ru.forms.errors.mismatch)).toBeInTheDocument();
    expect(screen.getByLabelText(t.confirm)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);

    // Once they match, the change goes to the API with all three fields.
    await userEvent.clear(screen.getByLabelText(t.confirm));
    await userEvent.type(screen.getByLabelText(t.confirm), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() =>
      expect(calls).toEqual([
        { oldPassword: 'old-secret-1', password: 'new-secret-1', passwordConfirm: 'new-secret-1' },
      ]),
    );
  });

  it('shows the API answer about a wrong current password next to its field', async () => {
    server.use(
      http.patch(apiUrl('/users/:id/setPassword'), () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Invalid',
            status: 422,
            errors: { oldPassword: ['The current password is wrong.'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderInApp(<PasswordForm />, { store: signedIn });
    const t = ru.account.password;
    await userEvent.type(screen.getByLabelText(t.old), 'wrong-one');
    await userEvent.type(screen.getByLabelText(t.new), 'new-secret-1');
    await userEvent.type(screen.getByLabelText(t.confirm), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.wrongOld)).toBeInTheDocument();
  });
  it('does not ask an account made by phone for an old password', async () => {
    const calls: unknown[] = [];
    server.use(
      http.patch(apiUrl('/users/:id/setPassword'), async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ data: { changed: true } });
      }),
    );
    renderInApp(<PasswordForm />, {
      store: { ...signedIn, user: { ...user, attributes: { ...user.attributes, has_password: false } } },
    });
    const t = ru.account.password;
    expect(screen.queryByLabelText(t.old)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(t.new), 'first-secret-1');
    await userEvent.type(screen.getByLabelText(t.confirm), 'first-secret-1');
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(calls).toEqual([{ password: 'first-secret-1', passwordConfirm: 'first-secret-1' }]));
  });
});

/** The whole list on one page, as GET /users/{id}/bookings answers it. */
const onePage = (data: BookingResource[]) => ({
  data,
  meta: { current_page: 1, per_page: 100, total: data.length, last_page: 1 },
});

describe('bookings list', { timeout: 20_000 }, () => {
  it('filters upcoming (soonest first), past and cancelled bookings; a cancelled one is only under "Cancelled"', async () => {
    server.use(
      http.get(apiUrl('/users/:id/bookings'), () =>
        HttpResponse.json(
          onePage([
            booking('Past', 'Прошлая поездка', -10),
            booking('Later', 'Поздняя поездка', 30),
            booking('Soon', 'Скорая поездка', 3, 'cancelled'),
            booking('Next', 'Ближняя поездка', 5),
            booking('Gone', 'Отменённая прошлая', -20, 'cancelled'),
          ]),
        ),
      ),
    );
    renderInApp(<BookingsList />, { store: signedIn });
    const t = ru.bookings;
    const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    const filter = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
    await screen.findByRole('article', { name: 'Ближняя поездка' });
    expect(filter(t.filters.upcoming)).toHaveAttribute('aria-pressed', 'true');
    expect(filter(t.filters.upcoming)).toHaveTextContent('2');
    expect(titles()).toEqual(['Ближняя поездка', 'Поздняя поездка']);
    expect(screen.getByRole('link', { name: 'Поздняя поездка' })).toHaveAttribute('href', '/go/IdeaLater');
    expect(screen.getAllByRole('button', { name: t.cancel })).toHaveLength(2);

    await userEvent.click(filter(t.filters.past));
    expect(filter(t.filters.past)).toHaveAttribute('aria-pressed', 'true');
    expect(titles()).toEqual(['Прошлая поездка']);

    await userEvent.click(filter(t.filters.cancelled));
    expect(titles()).toEqual(['Скорая поездка', 'Отменённая прошлая']);
    expect(screen.getAllByText(t.status.cancelled)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: t.cancel })).not.toBeInTheDocument();
  });

  it('shows the booking states: a request with its deadline, ended ones with the reason under "Cancelled"', async () => {
    const respondBy = new Date(Date.now() + 20 * 60 * 60 * 1000).toISOString();
    server.use(
      http.get(apiUrl('/users/:id/bookings'), () =>
        HttpResponse.json(
          onePage([
            booking('Asked', 'Заявка на катер', 10, 'requested', { respond_by: respondBy }),
            booking('Sure', 'Подтверждённая', 12),
            booking('No', 'Отклонённая', 14, 'declined', { ended_by: 'guide', end_reason: 'Катер в ремонте' }),
            booking('Late', 'Истёкшая', 16, 'expired', { ended_by: 'system' }),
            booking('Gone', 'Снятая идея', 18, 'cancelled', { ended_by: 'moderation', end_reason: 'idea_removed' }),
          ]),
        ),
      ),
    );
    renderInApp(<BookingsList />, { store: signedIn });
    const t = ru.bookings;
    const request = await screen.findByRole('article', { name: 'Заявка на катер' });
    expect(within(request).getByText(t.status.requested)).toBeInTheDocument();
    expect(within(request).getByText(/^Гид ответит до /)).toBeInTheDocument();
    expect(within(request).getByRole('button', { name: t.withdraw })).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Подтверждённая' })).getByText(t.status.confirmed),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${t.filters.cancelled}`) }));
    const declined = screen.getByRole('article', { name: 'Отклонённая' });
    expect(within(declined).getByText(t.status.declined)).toBeInTheDocument();
    expect(within(declined).getByText('Гид отклонил: Катер в ремонте')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Истёкшая' })).getByText(t.ended.expired)).toBeInTheDocument();
    // An idea removed from Sopka: said in words, never the reason's code.
    const removed = screen.getByRole('article', { name: 'Снятая идея' });
    expect(within(removed).getByText(t.cancelledIdeaRemoved)).toBeInTheDocument();
    expect(within(removed).queryByText(/idea_removed/)).toBeNull();
  });

  it('opens on the filter of the booking a review is asked for', async () => {
    window.history.replaceState(null, '', '/account/booking?review=Past');
    server.use(
      http.get(apiUrl('/users/:id/bookings'), () =>
        HttpResponse.json(onePage([booking('Past', 'Прошлая поездка', -10), booking('Later', 'Поздняя поездка', 30)])),
      ),
    );
    renderInApp(<BookingsList />, { store: signedIn });
    await screen.findByRole('article', { name: 'Прошлая поездка' });
    expect(screen.getByRole('button', { name: new RegExp(`^${ru.bookings.filters.past}`) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByRole('article', { name: 'Поздняя поездка' })).not.toBeInTheDocument();
  });

  it('asks before cancelling and cancels only after the confirmation', async () => {
    const cancelled: string[] = [];
    server.use(
      http.get(apiUrl('/users/:id/bookings'), () =>
        HttpResponse.json(onePage([booking('Later', 'Поздняя поездка', 30)])),
      ),
      http.post(apiUrl('/bookings/:hid/cancel'), ({ params }) => {
        cancelled.push(String(params.hid));
        return HttpResponse.json({ data: booking('Later', 'Поздняя поездка', 30, 'cancelled') });
      }),
    );
    renderInApp(<BookingsList />, { store: signedIn });
    const t = ru.bookings;
    await userEvent.click(await screen.findByRole('button', { name: t.cancel }));
    let dialog = await screen.findByRole('alertdialog', { name: t.cancelTitle });
    expect(within(dialog).getByText(/Поздняя поездка/)).toBeInTheDocument();
    // "Keep it" closes the question and nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: t.keep }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(cancelled).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: t.cancel }));
    dialog = await screen.findByRole('alertdialog', { name: t.cancelTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: t.cancelConfirm }));
    await waitFor(() => expect(cancelled).toEqual(['Later']));
    // The list follows the booking to "Cancelled".
    expect(await screen.findByText(t.status.cancelled)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: new RegExp(`^${t.filters.cancelled}`) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByRole('button', { name: t.cancel })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: t.filters.cancelled })).toHaveFocus());
  });

  it('shows the meeting point and the terms; past the free-cancellation deadline it says why instead of a button', async () => {
    const later = booking('Later', 'Поздняя поездка', 30);
    const soon = booking('Soon', 'Скорая поездка', 0.5);
    const binding = booking('Bound', 'Без возврата', 20);
    binding.attributes = {
      ...binding.attributes,
      cancellation_policy: 'non_refundable',
      free_cancellation_until: null,
      can_cancel: false,
    };
    server.use(http.get(apiUrl('/users/:id/bookings'), () => HttpResponse.json(onePage([soon, binding, later]))));
    renderInApp(<BookingsList />, { store: signedIn });
    const card = (title: string) => screen.getByRole('article', { name: title });
    await screen.findByRole('article', { name: 'Поздняя поездка' });

    expect(card('Поздняя поездка')).toHaveTextContent('У входа в океанариум');
    expect(within(card('Поздняя поездка')).getByRole('link', { name: ru.terms.openInMaps })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=43.0195&mlon=131.9436#map=16/43.0195/131.9436',
    );
    expect(card('Поздняя поездка')).toHaveTextContent(ru.terms.rule.free_24h);
    expect(within(card('Поздняя поездка')).getByRole('button', { name: ru.bookings.cancel })).toBeInTheDocument();

    expect(within(card('Скорая поездка')).queryByRole('button', { name: ru.bookings.cancel })).toBeNull();
    expect(card('Скорая поездка')).toHaveTextContent(ru.terms.cannotCancel.deadlinePassed.replace(' {date}.', ''));
    expect(within(card('Без возврата')).queryByRole('button', { name: ru.bookings.cancel })).toBeNull();
    expect(card('Без возврата')).toHaveTextContent(ru.terms.cannotCancel.nonRefundable);
    expect(card('Без возврата')).toHaveTextContent(ru.terms.rule.non_refundable);
    // Each upcoming trip says from when it can be reviewed: its end.
    expect(card('Поздняя поездка')).toHaveTextContent(
      ru.reviews.reviewAfter.replace('{date}', formatDeparture(later.attributes.ends_at, 'ru')),
    );
  });

  it('shows a way to find a trip when there are no bookings', async () => {
    server.use(http.get(apiUrl('/users/:id/bookings'), () => HttpResponse.json(onePage([]))));
    renderInApp(<BookingsList />, { store: signedIn });
    expect(await screen.findByRole('heading', { name: ru.bookings.empty })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ru.bookings.browse })).toHaveAttribute('href', '/go');
  });
});

describe('the account’s email', () => {
  const phoneUser = sessionUser({ email: null, phone: '+79141234567' });
  const later = (ms: number) => new Date(Date.now() + ms).toISOString();

  it('takes an address, sends its link, says it waits, and offers the link again after a minute', async () => {
    const asked: unknown[] = [];
    let state = { email: null as string | null, pending_email: null as string | null, link: null as unknown };
    server.use(
      http.get(apiUrl('/users/:id/email'), () => HttpResponse.json({ data: state })),
      http.post(apiUrl('/users/:id/email'), async ({ request }) => {
        const body = (await request.json()) as { email: string };
        asked.push(body);
        state = {
          email: null,
          pending_email: body.email,
          link: { expires_at: later(DAY), resend_after: later(60_000) },
        };
        return HttpResponse.json({ data: state });
      }),
    );
    renderInApp(<EmailForm />, { store: { ...signedIn, user: phoneUser } });
    const t = ru.account.email;
    expect(await screen.findByText(t.none)).toBeInTheDocument();
    // A wrong address is caught before the API is asked.
    await userEvent.type(screen.getByRole('textbox', { name: t.email }), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: t.sendLink }));
    expect(await screen.findByText(ru.forms.errors.email)).toBeInTheDocument();
    expect(asked).toEqual([]);

    await userEvent.clear(screen.getByRole('textbox', { name: t.email }));
    // Enter sends it: the form works from the keyboard.
    await userEvent.type(screen.getByRole('textbox', { name: t.email }), 'Anya@Example.com{Enter}');
    expect(await screen.findByText(t.linkSent.replace('{email}', 'anya@example.com'))).toBeInTheDocument();
    expect(asked).toEqual([{ email: 'anya@example.com' }]);
    const resend = screen.getByRole('button', { name: /Отправить ещё раз через/ });
    expect(resend).toBeDisabled();
    expect(screen.getByText(t.none)).toBeInTheDocument();
    // Another address can be typed instead.
    await userEvent.click(screen.getByRole('button', { name: t.otherEmail }));
    expect(screen.getByRole('textbox', { name: t.email })).toHaveFocus();
  });

  it('shows a confirmed address and says when a new one belongs to another account', async () => {
    server.use(
      http.get(apiUrl('/users/:id/email'), () =>
        HttpResponse.json({ data: { email: 'anya@example.com', pending_email: null, link: null } }),
      ),
      http.post(apiUrl('/users/:id/email'), () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Invalid',
            status: 422,
            errors: { email: ['This email belongs to another account.'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderInApp(<EmailForm />, { store: signedIn });
    const t = ru.account.email;
    expect(await screen.findByText(t.confirmed.replace('{email}', 'anya@example.com'))).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: t.newEmail }), 'taken@example.com');
    await userEvent.click(screen.getByRole('button', { name: t.sendLink }));
    expect(await screen.findByText(t.taken)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: t.newEmail })).toHaveAttribute('aria-invalid', 'true');
  });

  it('confirms from the link’s page and says so, or says why the link does not work', async () => {
    const tokens: unknown[] = [];
    server.use(
      http.post(apiUrl('/users/:id/email/confirm'), async ({ request }) => {
        const body = (await request.json()) as { token: string };
        tokens.push(body.token);
        if (body.token === 'used-token-aaaaaaaaaaaaaaaa')
          return HttpResponse.json(
            {
              type: 'about:blank',
              title: 'Invalid',
              status: 422,
              errors: { token: ['This link has already been used. Ask for a new one.'] },
            },
            { status: 422 },
          );
        return HttpResponse.json({ data: { email: 'anya@example.com', pending_email: null, link: null } });
      }),
    );
    const t = ru.account.emailConfirm;
    const { unmount } = renderInApp(<EmailConfirmation token="good-token-aaaaaaaaaaaaaaaa" />, {
      store: { ...signedIn, user: phoneUser },
    });
    expect(await screen.findByText(t.done.replace('{email}', 'anya@example.com'))).toBeInTheDocument();
    expect(tokens).toEqual(['good-token-aaaaaaaaaaaaaaaa']);
    expect(screen.getByRole('link', { name: t.toAccount })).toBeInTheDocument();
    unmount();

    renderInApp(<EmailConfirmation token="used-token-aaaaaaaaaaaaaaaa" />, { store: signedIn });
    expect(await screen.findByText(t.tokenUsed)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveFocus();
  });
});
