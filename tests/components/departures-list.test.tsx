import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { DeparturesList } from '@/components/office/departures/DeparturesList';
import type { DepartureResource } from '@/lib/contract/departures';
import { renderInApp } from '../support/app';
import { apiUrl, setupApiServer } from '../support/msw';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);

const server = setupApiServer();

const departure = (hid: string, day: string, time: string): DepartureResource => ({
  id: hid.length,
  hid,
  type: 'departures',
  attributes: {
    idea_hid: 'Hid1',
    idea_title: 'Маяк на рассвете',
    starts_at: `${day}T01:00:00Z`,
    day,
    time,
    seats_total: 6,
    seats_taken: 2,
    requests_waiting: 0,
    bookings_count: 1,
    cancelled_at: null,
    cancel_reason: null,
  },
  relationships: {},
});

describe('the guide’s departures', () => {
  it('names each manifest link by its idea, day and time, so the same trip on two days is told apart', async () => {
    server.use(
      http.get(apiUrl('/office/departures'), () =>
        HttpResponse.json({
          data: [
            { day: '2030-05-01', departures: [departure('Dep1', '2030-05-01', '11:00')] },
            { day: '2030-05-02', departures: [departure('Dep2', '2030-05-02', '11:00')] },
          ],
          meta: { from: '2030-05-01', to: '2030-05-28', next_from: null },
        }),
      ),
    );
    renderInApp(<DeparturesList />, {
      store: {
        user: {
          id: 1,
          hid: 'Author1',
          type: 'users',
          attributes: { name: 'Анна', image_url: null, profile_hid: 'P1', role: 'user' },
        },
        token: 't',
      },
    });
    const first = await screen.findByRole('link', { name: 'Список гостей: Маяк на рассвете, 1 мая, 11:00' });
    const second = screen.getByRole('link', { name: 'Список гостей: Маяк на рассвете, 2 мая, 11:00' });
    expect(first).toHaveAttribute('href', '/office/departures/Dep1');
    expect(second).toHaveAttribute('href', '/office/departures/Dep2');
  });
});
