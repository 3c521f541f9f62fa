import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MainFilter } from '@/components/filters/MainFilter';
import { useListingFilters } from '@/components/filters/useListingFilters';
import { renderInApp } from '../support/app';
import { lastNavigation, listingLocation, routerPush } from '../support/listing-navigation';

vi.mock('next/navigation', async () => (await import('../support/listing-navigation')).nextNavigationMock);
vi.mock('@/lib/i18n/navigation', async () => (await import('../support/listing-navigation')).listingNavigationMock);

// Radix measures its popover with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

/** A day of the calendar by its accessible name ("вторник, 12 мая 2026 г."). */
const day = (date: string) => screen.getByRole('button', { name: new RegExp(`(^|\\s)${date} 2026`) });

/** The main filter as the listing page drives it: its filters are the URL's, applying navigates. */
function ListingMainFilter() {
  const { filters, apply } = useListingFilters();
  return <MainFilter filters={filters} apply={apply} />;
}

const trigger = () => screen.getByRole('button', { name: /^Даты поездки/ });

async function openCalendar(user: ReturnType<typeof userEvent.setup>) {
  renderInApp(<ListingMainFilter />);
  await user.click(trigger());
  // The calendar is loaded on demand (clientOnly).
  return screen.findAllByRole('grid');
}

describe('date filter', () => {
  beforeEach(() => {
    // Only the clock is fake: "today" in Vladivostok is 10 May 2026 (13:00 local); timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-10T03:00:00Z'));
    listingLocation.pathname = '/go';
    listingLocation.search = 'category_id=2&adults=2';
    routerPush.mockReset();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the default title when no dates are set', () => {
    renderInApp(<ListingMainFilter />);
    expect(trigger()).toHaveTextContent('Выберите даты');
    expect(trigger()).toHaveAccessibleName('Даты поездки: не выбраны');
    expect(screen.getByText('Владивосток')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сбросить даты' })).not.toBeInTheDocument();
  });

  it('shows the chosen range with localized month names', () => {
    listingLocation.search = 'date_from=2026-05-12&date_to=2026-05-18';
    renderInApp(<ListingMainFilter />);
    expect(trigger()).toHaveTextContent('12 мая – 18 мая');
    expect(trigger()).toHaveAccessibleName('Даты поездки: 12 мая – 18 мая');
  });

  it('disables the days before today and no others', async () => {
    const user = userEvent.setup();
    const grids = await openCalendar(user);
    // Desktop shows two months, starting with the current one.
    expect(grids.map((grid) => grid.getAttribute('aria-label'))).toEqual(['май 2026', 'июнь 2026']);
    expect(day('1 мая')).toBeDisabled();
    expect(day('9 мая')).toBeDisabled();
    expect(day('10 мая')).toBeEnabled();
    expect(day('11 мая')).toBeEnabled();
    expect(day('30 июня')).toBeEnabled();
  });

  it('choosing a range navigates to /go with the dates and every other filter', async () => {
    const user = userEvent.setup();
    await openCalendar(user);
    await user.click(day('12 мая'));
    expect(routerPush).not.toHaveBeenCalled();
    await user.click(day('18 мая'));
    expect(lastNavigation()).toEqual({
      path: '/go',
      query: { category_id: '2', adults: '2', date_from: '2026-05-12', date_to: '2026-05-18' },
    });
    expect(routerPush).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
  });

  it('navigates from the home page to the listing', async () => {
    listingLocation.pathname = '/';
    listingLocation.search = '';
    const user = userEvent.setup();
    await openCalendar(user);
    await user.click(day('20 мая'));
    await user.click(day('22 мая'));
    expect(routerPush).toHaveBeenCalledWith('/go?date_from=2026-05-20&date_to=2026-05-22', { scroll: false });
  });

  it('Apply with one day chosen searches that day', async () => {
    const user = userEvent.setup();
    await openCalendar(user);
    await user.click(day('12 мая'));
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(lastNavigation()).toEqual({
      path: '/go',
      query: { category_id: '2', adults: '2', date_from: '2026-05-12', date_to: '2026-05-12' },
    });
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
  });

  it('opens on the chosen range, and applying it unchanged does not navigate', async () => {
    listingLocation.search = 'category_id=2&date_from=2026-06-03&date_to=2026-06-05';
    const user = userEvent.setup();
    await openCalendar(user);
    expect(screen.getAllByRole('grid')[0]).toHaveAttribute('aria-label', 'июнь 2026');
    expect(day('4 июня').closest('[role="gridcell"]')).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
    expect(routerPush).not.toHaveBeenCalled();
  });

  it('Clear removes the dates and keeps the other filters', async () => {
    listingLocation.search = 'category_id=2&adults=2&date_from=2026-05-12&date_to=2026-05-18';
    const user = userEvent.setup();
    await openCalendar(user);
    await user.click(screen.getByRole('button', { name: 'Очистить' }));
    expect(lastNavigation()).toEqual({ path: '/go', query: { category_id: '2', adults: '2' } });
  });

  it('the clear icon beside the button removes the dates too', async () => {
    listingLocation.search = 'category_id=2&date_from=2026-05-12&date_to=2026-05-18';
    const user = userEvent.setup();
    renderInApp(<ListingMainFilter />);
    await user.click(screen.getByRole('button', { name: 'Сбросить даты' }));
    expect(lastNavigation()).toEqual({ path: '/go', query: { category_id: '2' } });
  });

  it('Esc closes the calendar without applying the pending choice', async () => {
    const user = userEvent.setup();
    await openCalendar(user);
    await user.click(day('12 мая'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
    expect(routerPush).not.toHaveBeenCalled();
    expect(trigger()).toHaveTextContent('Выберите даты');
    // The panel is loaded apart from its button (LazyOverlayPanel); focus still comes back to the button.
    expect(trigger()).toHaveFocus();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens from the keyboard, and the button tells it is open', async () => {
    const user = userEvent.setup();
    renderInApp(<ListingMainFilter />);
    expect(trigger()).toHaveAttribute('aria-haspopup', 'dialog');
    trigger().focus();
    await user.keyboard('{Enter}');
    expect(await screen.findAllByRole('grid')).toHaveLength(2);
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
  });

  it('a click on its own button closes the calendar and applies the choice, as the close button does', async () => {
    const user = userEvent.setup();
    await openCalendar(user);
    await user.click(day('12 мая'));
    await user.click(trigger());
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
    expect(lastNavigation()).toEqual({
      path: '/go',
      query: { category_id: '2', adults: '2', date_from: '2026-05-12', date_to: '2026-05-12' },
    });
  });

  it('a click outside closes the calendar without applying', async () => {
    const user = userEvent.setup();
    await openCalendar(user);
    await user.click(day('12 мая'));
    await user.click(screen.getByText('Владивосток'));
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
    expect(routerPush).not.toHaveBeenCalled();
  });

  describe('on a phone', () => {
    it('opens a full-screen dialog with one month', async () => {
      const user = userEvent.setup();
      renderInApp(<ListingMainFilter />, { store: { isMobile: true } });
      await user.click(trigger());
      const dialog = await screen.findByRole('dialog', { name: 'Когда едем?' });
      expect(await within(dialog).findAllByRole('grid')).toHaveLength(1);
    });

    it('Esc closes the dialog without applying', async () => {
      const user = userEvent.setup();
      renderInApp(<ListingMainFilter />, { store: { isMobile: true } });
      await user.click(trigger());
      await screen.findAllByRole('grid');
      await user.click(day('12 мая'));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(routerPush).not.toHaveBeenCalled();
    });

    it('closing the dialog with its close button applies the choice (SPEC section 2)', async () => {
      const user = userEvent.setup();
      renderInApp(<ListingMainFilter />, { store: { isMobile: true } });
      await user.click(trigger());
      await screen.findAllByRole('grid');
      await user.click(day('12 мая'));
      await user.click(screen.getByRole('button', { name: 'Закрыть' }));
      expect(lastNavigation()).toEqual({
        path: '/go',
        query: { category_id: '2', adults: '2', date_from: '2026-05-12', date_to: '2026-05-12' },
      });
    });
  });
});
