import { dehydrate, HydrationBoundary, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IdeaListing } from '@/components/ideas/IdeaListing';
import { PageData } from '@/components/providers/PageData';
import type { IdeaList } from '@/lib/api/ideas';
import { categoriesQuery, ideaPagesQuery } from '@/lib/api/queries';
import { listingParams } from '@/lib/listing/params';
import { GUIDE_IDEAS_PAGE_SIZE } from '@/lib/constants';
import { dehydrateWithServerCards, guideIdeasState } from '@/lib/server/pages/prefetch';
import { renderInApp } from '../support/app';
import { categoriesFixture, ideaPage } from '../support/ideas';
import { apiUrl, setupApiServer } from '../support/msw';
import { routerPrefetch, routerPush } from '../support/listing-navigation';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);
vi.mock('next/navigation', async () => (await import('../support/listing-navigation')).nextNavigationMock);

const server = setupApiServer();
const params = listingParams({ category_id: '2' });

/** What the API was asked, one entry per GET /ideas. */
let requests: { page: string | null; params: Record<string, string>; locale: string | null }[] = [];

/**
 * Answers GET /ideas with pages of a listing of `total` ideas, or with `fail` for the listed pages; `hold`
 * keeps answers back until it resolves (a slow network).
 */
function serveIdeas(total: number, { fail = [] as number[], hold = Promise.resolve() } = {}) {
  server.use(
    http.get(apiUrl('/ideas'), async ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? 1);
      requests.push({
        page: url.searchParams.get('page'),
        params: Object.fromEntries(url.searchParams),
        locale: request.headers.get('Locale'),
      });
      await hold;
      if (fail.includes(page))
        return HttpResponse.json({ type: 'about:blank', title: 'Unavailable', status: 503 }, { status: 503 });
      return HttpResponse.json(ideaPage(page, total));
    }),
    http.get(apiUrl('/categories'), () => HttpResponse.json(categoriesFixture)),
  );
}

/** The page's server render: page 1 and the categories prefetched, then dehydrated into the HTML. */
async function serverState(firstPage: IdeaList) {
  const serverClient = new QueryClient();
  await Promise.all([
    serverClient.prefetchInfiniteQuery({ ...ideaPagesQuery('ru', params), queryFn: async () => firstPage }),
    serverClient.prefetchQuery({ ...categoriesQuery('ru'), queryFn: async () => categoriesFixture }),
  ]);
  return dehydrate(serverClient);
}

async function renderHydrated(firstPage: IdeaList) {
  const state = await serverState(firstPage);
  return renderInApp(
    <HydrationBoundary state={state}>
      <IdeaListing params={params} resetHref="/go" />
    </HydrationBoundary>,
  );
}

/**
 * The listing as a page renders it with the server's cards of `page1`, marked apart from the browser's: page 1 must
 * be the server's markup, not rendered again here.
 */
const serverCards = (page1: IdeaList) =>
  page1.data.map((idea) => (
    <li key={idea.id}>
      <a href={`/go/${idea.hid}`}>с сервера {idea.attributes.title}</a>
    </li>
  ));

function renderWithServerCards(state: DehydratedState, page1: IdeaList) {
  const firstPage = { heading: 'С сервера: 85 идей', cards: serverCards(page1) };
  return renderInApp(
    <HydrationBoundary state={state}>
      <IdeaListing params={params} resetHref="/go" firstPage={firstPage} />
    </HydrationBoundary>,
  );
}

// Rendering 80 cards in jsdom on a busy machine, and the first fetch's dynamic import of the HTTP client, take seconds.
const LOAD = { timeout: 10_000 };

const cardTitles = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('idea listing', { timeout: 30_000 }, () => {
  beforeEach(() => {
    requests = [];
    routerPush.mockReset();
    routerPrefetch.mockReset();
  });

  it('renders page 1 from the server data without asking the API again', async () => {
    serveIdeas(85);
    await renderHydrated(ideaPage(1, 85));
    expect(screen.getByRole('heading', { level: 2, name: 'Нашлось 85 идей' })).toBeInTheDocument();
    expect(cardTitles()).toHaveLength(40);
    expect(cardTitles()[0]).toBe('Идея 1');
    expect(screen.getAllByRole('link', { name: /Идея 1\b/ })[0]).toHaveAttribute('href', '/go/Hid1');
    // The category tag comes from the prefetched categories.
    expect(screen.getAllByText('Выходные')).toHaveLength(40);
    expect(requests).toEqual([]);
  });

  it('a page served from the page cache long after its render does not fetch its data again on load', async () => {
    serveIdeas(85);
    const state = await serverState(ideaPage(1, 85));
    // Rendered ten minutes before this document was requested, far beyond the one-minute staleTime.
    const renderedAt = performance.timeOrigin - 10 * 60_000;
    const cached = {
      ...state,
      queries: state.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: renderedAt } })),
    };
    const served = (boundary: 'plain' | 'page') =>
      boundary === 'plain' ? (
        <HydrationBoundary state={cached}>
          <IdeaListing params={params} resetHref="/go" />
        </HydrationBoundary>
      ) : (
        <PageData state={cached}>
          <IdeaListing params={params} resetHref="/go" />
        </PageData>
      );
    const key = ideaPagesQuery('ru', params).queryKey;

    const page = renderInApp(served('page'));
    expect(cardTitles()).toHaveLength(40);
    expect(page.queryClient.getQueryState(key)?.fetchStatus).toBe('idle');
    page.unmount();

    // Without it, the same cached page asks the API again as soon as it is shown.
    const plain = renderInApp(served('plain'));
    await waitFor(() => expect(plain.queryClient.getQueryState(key)?.fetchStatus).toBe('fetching'));
    await waitFor(() => expect(requests.map((r) => r.page)).toEqual(['1']), LOAD);
  });

  it('"show more" fetches the next page and appends it, until the last page', async () => {
    serveIdeas(85);
    const user = userEvent.setup();
    await renderHydrated(ideaPage(1, 85));

    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(80), LOAD);
    expect(cardTitles().slice(38, 42)).toEqual(['Идея 39', 'Идея 40', 'Идея 41', 'Идея 42']);
    expect(requests).toEqual([{ page: '2', params: { ...params, page: '2' }, locale: 'ru' }]);

    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(85), LOAD);
    expect(cardTitles().at(-1)).toBe('Идея 85');
    expect(requests.map((r) => r.page)).toEqual(['2', '3']);

    // The last page: no button, an end note instead.
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    expect(screen.getByText('Это все идеи по вашему запросу')).toBeInTheDocument();
  });

  it("a guide's page shows more of their public ideas when asked, twelve at a time, with no end note", async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/users/Guide1/ideas'), ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        return HttpResponse.json(ideaPage(Number(url.searchParams.get('page')), 30, GUIDE_IDEAS_PAGE_SIZE));
      }),
      http.get(apiUrl('/categories'), () => HttpResponse.json(categoriesFixture)),
    );
    const page1 = ideaPage(1, 30, GUIDE_IDEAS_PAGE_SIZE);
    const user = userEvent.setup();
    renderInApp(
      <PageData state={guideIdeasState('ru', 'Guide1', page1, categoriesFixture.data)}>
        <IdeaListing guideHid="Guide1" firstPage={{ heading: '30 идей', cards: serverCards(page1) }} />
      </PageData>,
    );
    expect(screen.getAllByText(/^с сервера/)).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(12), LOAD);
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(18), LOAD);
    expect(asked).toEqual(['?limit=12&include=price,author&page=2', '?limit=12&include=price,author&page=3']);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    expect(screen.queryByText('Это все идеи по вашему запросу')).not.toBeInTheDocument();
  });

  it('a listing counted to its cap says "500+", and asks for the next page from where the last ended', async () => {
    serveIdeas(85);
    const capped = (page: IdeaList, cursor: string): IdeaList => ({
      ...page,
      meta: { ...page.meta, total: 500, last_page: 13, total_capped: true, next_cursor: cursor },
    });
    const user = userEvent.setup();
    await renderHydrated(capped(ideaPage(1, 85), 'after-40'));
    expect(screen.getByRole('heading', { name: 'Нашлось 500+ идей' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(80), LOAD);
    expect(requests).toEqual([{ page: '2', params: { ...params, page: '2', cursor: 'after-40' }, locale: 'ru' }]);
  });

  it('asks for one page at a time: the button waits while a page loads', async () => {
    let release = () => {};
    serveIdeas(200, { hold: new Promise<void>((resolve) => (release = resolve)) });
    const user = userEvent.setup();
    await renderHydrated(ideaPage(1, 200));
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    const loading = await screen.findByRole('button', { name: 'Загружаем идеи…' });
    expect(loading).toBeDisabled();
    await user.click(loading);
    release();
    await waitFor(() => expect(cardTitles()).toHaveLength(80), LOAD);
    expect(requests.map((r) => r.page)).toEqual(['2']);
    expect(screen.getByRole('button', { name: 'Показать ещё' })).toBeEnabled();
  });

  it('shows no "show more" when everything fits on one page', async () => {
    serveIdeas(12);
    await renderHydrated(ideaPage(1, 12));
    expect(cardTitles()).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    expect(screen.getByText('Это все идеи по вашему запросу')).toBeInTheDocument();
  });

  it('says so when nothing matches, with a way to reset the filters', async () => {
    serveIdeas(0);
    await renderHydrated(ideaPage(1, 0));
    expect(screen.getByRole('heading', { name: 'Ничего не нашлось' })).toBeInTheDocument();
    expect(screen.getByText('Попробуйте другие даты или уберите часть фильтров.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Сбросить фильтры' })).toHaveAttribute('href', '/go');
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  });

  it('shows placeholders while page 1 loads in the browser, then the ideas', async () => {
    serveIdeas(3);
    renderInApp(<IdeaListing params={params} resetHref="/go" />);
    expect(screen.getByRole('list', { name: 'Загружаем идеи…' })).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(cardTitles()).toEqual(['Идея 1', 'Идея 2', 'Идея 3']), LOAD);
    expect(requests).toEqual([{ page: '1', params: { ...params, page: '1' }, locale: 'ru' }]);
  });

  it('shows an error with a retry when the listing cannot load', async () => {
    serveIdeas(3, { fail: [1] });
    const user = userEvent.setup();
    renderInApp(<IdeaListing params={params} resetHref="/go" />);
    const alert = await screen.findByRole('alert', {}, LOAD);
    expect(within(alert).getByRole('heading', { name: 'Не удалось загрузить идеи' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Проверьте соединение и попробуйте ещё раз.');

    serveIdeas(3);
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(3), LOAD);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the loaded ideas when the next page fails, and retries it', async () => {
    serveIdeas(85, { fail: [2] });
    const user = userEvent.setup();
    await renderHydrated(ideaPage(1, 85));
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    const alert = await screen.findByRole('alert', {}, LOAD);
    expect(alert).toHaveTextContent('Проверьте соединение и попробуйте ещё раз.');
    expect(cardTitles()).toHaveLength(40);

    serveIdeas(85);
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(80), LOAD);
  });

  it("shows the server's page 1 as it came, and appends the pages it loads after it", async () => {
    serveIdeas(85);
    const user = userEvent.setup();
    const page1 = ideaPage(1, 85);
    renderWithServerCards(await serverState(page1), page1);
    expect(screen.getByRole('heading', { level: 2, name: 'С сервера: 85 идей' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(40);
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(40), LOAD);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toHaveLength(80);
    expect(items[39]).toBe('с сервера Идея 40');
    expect(items[40]).toContain('Идея 41');
    expect(requests.map((r) => r.page)).toEqual(['2']);
  });

  it("with the server's cards, page 1 comes as ids only: nothing of it is rendered again, and an idea that moved to page 2 is shown once", async () => {
    const page1 = ideaPage(1, 85);
    const moved = page1.data[39];
    const page2 = ideaPage(2, 85);
    server.use(
      http.get(apiUrl('/ideas'), ({ request }) => {
        requests.push({ page: new URL(request.url).searchParams.get('page'), params: {}, locale: null });
        // A new idea on top pushed page 1's last idea to the top of page 2.
        return HttpResponse.json({ ...page2, data: [moved, ...page2.data.slice(0, -1)] });
      }),
      http.get(apiUrl('/categories'), () => HttpResponse.json(categoriesFixture)),
    );
    const user = userEvent.setup();
    const serverClient = new QueryClient();
    await serverClient.prefetchInfiniteQuery({ ...ideaPagesQuery('ru', params), queryFn: async () => page1 });
    const state = dehydrateWithServerCards(serverClient, ideaPagesQuery('ru', params).queryKey);
    expect(JSON.stringify(state)).not.toContain(page1.data[0].attributes.title);
    renderWithServerCards(state, page1);
    expect(screen.getAllByRole('listitem')).toHaveLength(40);
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(39), LOAD);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toHaveLength(79);
    expect(items.filter((text) => text?.includes(moved.attributes.title))).toHaveLength(1);
    expect(requests.map((r) => r.page)).toEqual(['2']);
  });

  it('opens a card in the app on a plain click, prefetching it when pointed at; a click with Ctrl is left to the browser', async () => {
    serveIdeas(85);
    const user = userEvent.setup();
    await renderHydrated(ideaPage(1, 85));
    const card = screen.getAllByRole('link', { name: /Идея 2\b/ })[0];
    await user.hover(card);
    expect(routerPrefetch).toHaveBeenCalledWith('/go/Hid2');

    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    card.dispatchEvent(newTab);
    expect(newTab.defaultPrevented).toBe(false);
    expect(routerPush).not.toHaveBeenCalled();

    await user.click(card);
    expect(routerPush).toHaveBeenCalledWith('/go/Hid2');
  });
});
