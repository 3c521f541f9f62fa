import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ListingFilters } from '@/components/filters/ListingFilters';
import { ListingFiltersIsland } from '@/components/filters/ListingFiltersIsland';
import { ListingFiltersStatic } from '@/components/filters/ListingFiltersView';
import type { CategoryResource } from '@/lib/contract/catalog';
import { queryKeys } from '@/lib/contract/query-keys';
import type { Filters } from '@/lib/listing/filters';
import { renderInApp, testQueryClient } from '../support/app';
import { lastNavigation, listingLocation, routerPush } from '../support/listing-navigation';

vi.mock('next/navigation', async () => (await import('../support/listing-navigation')).nextNavigationMock);
vi.mock('@/lib/i18n/navigation', async () => (await import('../support/listing-navigation')).listingNavigationMock);

// Radix measures its popover with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const categories: CategoryResource[] = [
  { id: 1, hid: 'Cat1', type: 'categories', attributes: { title: 'Море', color: 1 }, relationships: {} },
  { id: 2, hid: 'Cat2', type: 'categories', attributes: { title: 'Горы', color: 2 }, relationships: {} },
];

const filters: Filters = { category_id: '2', adults: '2', date_from: '2026-05-12', date_to: '2026-05-18' };

/** The listing's filter bar as the page renders it: the server's copy first, the filters' code on demand. */
function renderIsland() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(queryKeys.categories('ru'), { data: categories });
  return renderInApp(
    <ListingFiltersIsland filters={filters}>
      <ListingFiltersStatic filters={filters} categories={categories} place="Владивосток" />
    </ListingFiltersIsland>,
    { queryClient },
  );
}

describe('the listing filters before their code has come', () => {
  beforeEach(() => {
    listingLocation.pathname = '/go';
    listingLocation.search = 'category_id=2&adults=2&date_from=2026-05-12&date_to=2026-05-18';
    routerPush.mockReset();
  });

  it('look the same as with it', () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.categories('ru'), { data: categories });
    const server = renderInApp(<ListingFiltersStatic filters={filters} categories={categories} place="Владивосток" />);
    const client = renderInApp(<ListingFilters filters={filters} />, { queryClient });
    // The server's sort menu marks its choice as the default one (an attribute), the filters' holds it as a value.
    const markup = (element: HTMLElement) => element.innerHTML.replace(' selected=""', '');
    expect(markup(server.container)).toBe(markup(client.container));
  });

  it('keep the text typed and the focus, and send the search with the other filters', async () => {
    renderIsland();
    const early = screen.getByRole('combobox', { name: 'Поиск' });
    early.focus();
    fireEvent.change(early, { target: { value: 'маяки' } });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Поиск' })).not.toBe(early));
    const field = screen.getByRole('combobox', { name: 'Поиск' });
    expect(field).toHaveValue('маяки');
    expect(field).toHaveFocus();
    fireEvent.submit(field.closest('form')!);
    expect(lastNavigation()).toEqual({
      path: '/go',
      query: { category_id: '2', adults: '2', date_from: '2026-05-12', date_to: '2026-05-18', query: 'маяки' },
    });
  });

  it('open the dates clicked', async () => {
    renderIsland();
    fireEvent.click(screen.getByRole('button', { name: /^Даты поездки/ }));
    expect(await screen.findAllByRole('grid')).not.toHaveLength(0);
  });

  it('apply a chip removed and a sort chosen', async () => {
    const { unmount } = renderIsland();
    fireEvent.click(screen.getByRole('button', { name: /^Убрать фильтр/ }));
    await waitFor(() =>
      expect(lastNavigation()?.query).toEqual({ category_id: '2', date_from: '2026-05-12', date_to: '2026-05-18' }),
    );
    unmount();
    routerPush.mockReset();
    renderIsland();
    fireEvent.change(screen.getByRole('combobox', { name: 'Сортировка' }), { target: { value: 'priceAsc' } });
    await waitFor(() => expect(lastNavigation()?.query).toMatchObject({ category_id: '2', sort: 'price' }));
  });
});
