import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PrivateBookingPanel } from '@/components/idea/PrivateBookingPanel';
import { PrivateProposal } from '@/components/bookings/PrivateProposal';
import type { BookingResource } from '@/lib/api/bookings';
import { renderInApp } from '../support/app';
import { bookingTraveller as traveller } from '../support/session';
import { makeIdea } from '../support/ideas';
import { apiUrl, setupApiServer } from '../support/msw';

const push = vi.hoisted(() => vi.fn());
vi.mock('@/lib/i18n/navigation', async () => {
  const { navigationMock } = await import('../support/navigation-mock');
  return { ...navigationMock, useRouter: () => ({ push, refresh: vi.fn(), back: vi.fn(), replace: vi.fn() }) };
});
vi.mock('@/components/providers/progress', () => ({ navigationStarted: vi.fn() }));

const server = setupApiServer();

/** A private walk for up to 6, 9 000 ₽ a group. */
const idea = makeIdea(1, {
  attributes: { title: 'Мыс Тобизина', format: 'private' },
  relationships: {
    ideaPrice: { data: { amount: 9000, currency: 'RUB', symbol: '₽', child_amount: null, includes: '' } },
    bookingParams: { data: { min_persons: 1, max_persons: 6, children_allowed: true } },
  },
});

const LOAD = { timeout: 10_000 };

describe('the booking panel of a private idea', { timeout: 30_000 }, () => {
  it('offers the free times of the chosen day and proposes one for the group, at the price per group', async () => {
    const actor = userEvent.setup();
    const asked: string[] = [];
    let sent: unknown = null;
    server.use(
      http.get(apiUrl('/ideas/Hid1/availability'), ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          data: { days: [{ day: '2030-05-01', times: ['07:00', '08:00'] }], duration_minutes: 240 },
        });
      }),
      http.post(apiUrl('/ideas/Hid1/proposals'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: { id: 9, hid: 'Book9', type: 'bookings', attributes: {} } }, { status: 201 });
      }),
    );
    renderInApp(<PrivateBookingPanel idea={idea} payment={{ online: false, mode: 'prepay', prepayPercent: 20 }} />, {
      store: { user: traveller, token: 't' },
    });
    const panel = screen.getByRole('region', { name: 'Бронирование' });
    expect(within(panel).getByText('Цена за группу').nextElementSibling?.textContent?.replace(/\s/g, ' ')).toBe(
      '9 000 ₽',
    );
    const propose = within(panel).getByRole('button', { name: 'Предложить время' });
    expect(propose).toBeDisabled();
    await actor.type(within(panel).getByLabelText('День'), '2030-05-01');
    const times = await within(panel).findByRole('group', { name: 'Время начала' });
    await actor.click(await within(times).findByRole('radio', { name: '08:00' }));
    expect(asked).toContain('?from=2030-05-01&to=2030-05-01');
    await actor.click(propose);
    const dialog = await screen.findByRole('dialog', { name: 'Проверьте бронь' }, LOAD);
    expect(within(dialog).getByText(/1 мая/)).toBeInTheDocument();
    await actor.click(within(dialog).getByRole('button', { name: 'Отправить заявку' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/account/booking?booked=Book9'), LOAD);
    expect(sent).toEqual({
      day: '2030-05-01',
      time: '08:00',
      adults: 1,
      children: 0,
      contact: { name: 'Иван', phone: '+79141234567' },
    });
  });

  it('sends an anonymous visitor to sign in with the day, time and group, and brings them back chosen', async () => {
    const actor = userEvent.setup();
    server.use(
      http.get(apiUrl('/ideas/Hid1/availability'), () =>
        HttpResponse.json({
          data: { days: [{ day: '2030-05-01', times: ['07:00', '08:00'] }], duration_minutes: 240 },
        }),
      ),
    );
    const payment = { online: false, mode: 'prepay', prepayPercent: 20 } as const;
    const anonymous = renderInApp(<PrivateBookingPanel idea={idea} payment={payment} />);
    const panel = screen.getByRole('region', { name: 'Бронирование' });
    await actor.type(within(panel).getByLabelText('День'), '2030-05-01');
    await actor.click(await within(panel).findByRole('radio', { name: '08:00' }));
    await actor.click(within(panel).getByRole('button', { name: 'Больше: Взрослые' }));
    await actor.click(within(panel).getByRole('button', { name: 'Войти и забронировать' }));
    const next = '/go/Hid1?day=2030-05-01&time=08%3A00&adults=2&children=0';
    expect(push).toHaveBeenLastCalledWith(`/login?${new URLSearchParams({ next })}`);
    anonymous.unmount();

    // Back from signing in: the same choice, ready to propose; a time taken meanwhile is not kept.
    for (const [time, chosen] of [
      ['08:00', true],
      ['09:00', false],
    ] as const) {
      window.history.replaceState(null, '', `/go/Hid1?day=2030-05-01&time=${time}&adults=2&children=0`);
      const view = renderInApp(<PrivateBookingPanel idea={idea} payment={payment} />, {
        store: { user: traveller, token: 't' },
      });
      const back = screen.getByRole('region', { name: 'Бронирование' });
      expect(within(back).getByLabelText('День')).toHaveValue('2030-05-01');
      await within(back).findByRole('radio', { name: '07:00' });
      expect(within(back).getByRole('group', { name: 'Взрослые' })).toHaveTextContent('2');
      const propose = within(back).getByRole('button', { name: 'Предложить время' });
      if (chosen) {
        expect(within(back).getByRole('radio', { name: time })).toBeChecked();
        expect(propose).toBeEnabled();
      } else {
        expect(
          within(back)
            .getAllByRole('radio')
            .some((radio) => (radio as HTMLInputElement).checked),
        ).toBe(false);
        expect(propose).toBeDisabled();
      }
      view.unmount();
    }
    window.history.replaceState(null, '', '/');
  });
});

describe("a private booking's times", () => {
  const countered = {
    hid: 'Book9',
    attributes: {
      status: 'countered',
      traveller_hid: 'User5',
      proposal: { proposed_start: '2030-04-30T21:00:00Z', counter_start: '2030-05-01T22:00:00Z' },
    },
  } as unknown as BookingResource;

  it("shows both times, and the guide's time is accepted by the traveller only", async () => {
    const actor = userEvent.setup();
    let accepted = false;
    server.use(
      http.post(apiUrl('/bookings/Book9/accept-counter'), () => {
        accepted = true;
        return HttpResponse.json({ data: { ...countered, attributes: { status: 'confirmed' } } });
      }),
    );
    const changed = vi.fn();
    const view = renderInApp(<PrivateProposal booking={countered} onChanged={changed} />, {
      store: { user: traveller, token: 't' },
    });
    expect(screen.getByText(/Вы предложили: .*1 мая/)).toBeInTheDocument();
    expect(screen.getByText(/Гид предлагает другое время: .*2 мая/)).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Согласиться на это время' }));
    await waitFor(() => expect(changed).toHaveBeenCalled(), LOAD);
    expect(accepted).toBe(true);
    view.unmount();

    renderInApp(<PrivateProposal booking={countered} onChanged={changed} />, {
      store: { user: { ...traveller, hid: 'Guide1' }, token: 't' },
    });
    expect(screen.getByText(/Гид предлагает другое время/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Согласиться на это время' })).toBeNull();
  });
});
