import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { MoreFilters } from '@/components/filters/MoreFilters';
import type { Filters } from '@/lib/listing/filters';
import { renderInApp } from '../support/app';
import { ideaPage } from '../support/ideas';
import { apiUrl, setupApiServer } from '../support/msw';

// Radix measures its dialog with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const server = setupApiServer();
/** The apply button's count: 7 ideas match whatever the sheet holds. */
const serveCount = () => server.use(http.get(apiUrl('/ideas'), () => HttpResponse.json(ideaPage(1, 7, 1))));

const button = () => screen.getByRole('button', { name: /^Фильтры/ });

async function openSheet(user: ReturnType<typeof userEvent.setup>) {
  await user.click(button());
  // The sheet's code loads on its first opening (clientOnly).
  return screen.findByRole('dialog', { name: 'Фильтры' });
}

describe('more filters', () => {
  it('counts the sheet filters the listing has set on its button, before anything loads', () => {
    renderInApp(<MoreFilters filters={{ adults: '2', price_max: '5000', category_id: '3' }} onApply={vi.fn()} />);
    expect(button()).toHaveTextContent('Фильтры2');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('applies the changed sheet with the listing’s other filters, and shows how many ideas match', async () => {
    serveCount();
    const user = userEvent.setup();
    const onApply = vi.fn();
    renderInApp(<MoreFilters filters={{ category_id: '3', adults: '2' }} onApply={onApply} />);
    const sheet = await openSheet(user);
    await user.click(within(sheet).getByRole('button', { name: 'Больше: Взрослые' }));
    const show = await within(sheet).findByRole('button', { name: 'Показать 7 идей' });
    await user.click(show);
    expect(onApply).toHaveBeenCalledWith({ category_id: '3', adults: '3' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('starts each opening from the listing’s filters: a change closed without applying is dropped', async () => {
    serveCount();
    const user = userEvent.setup();
    const filters: Filters = { adults: '2' };
    renderInApp(<MoreFilters filters={filters} onApply={vi.fn()} />);
    let sheet = await openSheet(user);
    await user.click(within(sheet).getByRole('button', { name: 'Больше: Взрослые' }));
    expect(within(within(sheet).getByRole('group', { name: 'Взрослые' })).getByText('3')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    sheet = await openSheet(user);
    expect(within(within(sheet).getByRole('group', { name: 'Взрослые' })).getByText('2')).toBeInTheDocument();
  });

  it('keeps apply off while the lowest price is above the highest, and marks the highest', async () => {
    serveCount();
    const user = userEvent.setup();
    const onApply = vi.fn();
    renderInApp(<MoreFilters filters={{}} onApply={onApply} />);
    const sheet = await openSheet(user);
    await user.type(within(sheet).getByLabelText('От'), '5000');
    await user.type(within(sheet).getByLabelText('До'), '1000');
    expect(within(sheet).getByLabelText('До')).toHaveAttribute('aria-invalid', 'true');
    const show = await within(sheet).findByRole('button', { name: 'Показать 7 идей' });
    expect(show).toBeDisabled();
    await user.clear(within(sheet).getByLabelText('До'));
    await user.type(within(sheet).getByLabelText('До'), '9000');
    await user.click(show);
    expect(onApply).toHaveBeenCalledWith({ price_min: '5000', price_max: '9000' });
  });
});
