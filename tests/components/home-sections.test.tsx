import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomeSections } from '@/components/home/HomeSections';
import { GPS_POSITION_KEY } from '@/lib/browser/geo-position';
import { renderInApp } from '../support/app';
import { categoriesFixture, ideaPage } from '../support/ideas';
import { apiUrl, setupApiServer } from '../support/msw';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);
vi.mock('next/navigation', async () => (await import('../support/listing-navigation')).nextNavigationMock);

const server = setupApiServer();
/** The query strings of the GET /ideas the browser sent. */
let asked: URLSearchParams[] = [];

beforeEach(() => {
  asked = [];
  server.use(
    http.get(apiUrl('/ideas'), ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(ideaPage(1, 2, 6));
    }),
    http.get(apiUrl('/categories'), () => HttpResponse.json(categoriesFixture)),
  );
});
afterEach(() => window.localStorage.clear());

const section = (name: string) => screen.getByRole('region', { name });
const serverCard = (title: string) => (
  <li>
    <article>{title}</article>
  </li>
);

describe('home sections', () => {
  it('shows the server’s cards and notes as they are, asking the API for nothing', async () => {
    renderInApp(
      <HomeSections serverCards={{ nearby: serverCard('С сервера'), weekend: null, travelTime: serverCard('Ещё') }} />,
    );
    expect(within(section('Во Владивостоке')).getByText('С сервера')).toBeInTheDocument();
    expect(within(section('На выходные')).getByText('Здесь пока пусто — загляните позже.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });

  it('fetches in the browser a section the server had no answer for', async () => {
    renderInApp(<HomeSections serverCards={{ nearby: serverCard('С сервера'), weekend: null }} />);
    const travel = section('Время путешествовать');
    expect(await within(travel).findByText('Идея 1')).toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });

  it('shows "nearby" of a stored position from the browser, asked with the position', async () => {
    window.localStorage.setItem(GPS_POSITION_KEY, JSON.stringify({ lat: 43.1, lon: 131.9 }));
    renderInApp(<HomeSections serverCards={{ nearby: serverCard('С сервера'), weekend: null, travelTime: null }} />);
    const nearby = await screen.findByRole('region', { name: 'Рядом с вами' });
    expect(await within(nearby).findByText('Идея 1')).toBeInTheDocument();
    expect(within(nearby).queryByText('С сервера')).toBeNull();
    expect(asked).toHaveLength(1);
    expect(asked[0].get('gps_lat')).toBe('43.100');
    expect(asked[0].get('gps_lon')).toBe('131.900');
  });
});
