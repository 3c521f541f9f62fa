import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApproxPrice, ChargeNote } from '@/components/currency/ApproxPrice';
import { CurrencySelect } from '@/components/currency/CurrencySelect';
import { IdeaCard } from '@/components/ideas/IdeaCard';
import { chooseDisplayCurrency } from '@/lib/browser/display-currency';
import type { CurrencyResource } from '@/lib/contract/catalog';
import { queryKeys } from '@/lib/contract/query-keys';
import { renderInApp, testQueryClient } from '../support/app';
import { makeIdea } from '../support/ideas';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);

// Intl writes "2 500 ₽" with no-break spaces.
const plain = (text: string | null | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

const currency = (code: string, symbol: string, name: string, rate: number): CurrencyResource => ({
  id: code,
  hid: code,
  type: 'currencies',
  attributes: { code, symbol, name, decimals: 2, rate },
  relationships: {},
});

/** A query client that already holds /currencies, as after the browser's request. */
function withRates() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(queryKeys.currencies('ru'), {
    data: [
      currency('CNY', '¥', 'Китайский юань', 12.5),
      currency('EUR', '€', 'Евро', 98),
      currency('RUB', '₽', 'Российский рубль', 1),
      currency('USD', '$', 'Доллар США', 90),
    ],
  });
  return queryClient;
}

const dropChoice = () => act(() => chooseDisplayCurrency(null));

describe('approximate prices in the display currency', () => {
  // The choice a visitor made on an earlier visit: the cookie is there before anything reads it.
  beforeAll(() => {
    document.cookie = 'CURRENCY=USD; Path=/';
  });

  it('shows a card’s price converted at the rate, marked as approximate, beside its own price', () => {
    renderInApp(<IdeaCard idea={makeIdea(12)} />, { queryClient: withRates() });
    const link = screen.getByRole('link');
    expect(plain(within(link).getByTestId('approx-price').textContent)).toBe('≈ 28 $'); // 2 500 ₽ / 90
    expect(plain(within(link).getByText(/^от /).firstChild?.textContent)).toBe('от 2 500 ₽');
  });

  it('shows nothing for an idea priced in the chosen currency', () => {
    renderInApp(<ApproxPrice amount={120} currency="USD" />, { queryClient: withRates() });
    expect(screen.getByTestId('approx-price')).toBeEmptyDOMElement();
  });

  it('keeps the empty slot when no currency is chosen, so that filling it later moves nothing', () => {
    dropChoice();
    expect(document.cookie).not.toContain('CURRENCY=');
    renderInApp(<ApproxPrice amount={4500} currency="RUB" />, { queryClient: withRates() });
    expect(screen.getByTestId('approx-price')).toBeInTheDocument();
    expect(screen.getByTestId('approx-price')).toBeEmptyDOMElement();
  });

  it('converts every price on the page as soon as a currency is chosen, and remembers it in the cookie', async () => {
    dropChoice();
    renderInApp(
      <>
        <CurrencySelect />
        <ApproxPrice amount={4500} currency="RUB" />
      </>,
      { queryClient: withRates() },
    );
    const select = screen.getByRole('combobox', { name: 'Валюта цен' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Без пересчёта', 'CNY — Китайский юань', 'EUR — Евро', 'RUB — Российский рубль', 'USD — Доллар США']);
    expect(select).toHaveValue('');

    await userEvent.selectOptions(select, 'EUR');
    expect(plain(screen.getByTestId('approx-price').textContent)).toBe('≈ 46 €'); // 4 500 ₽ / 98
    expect(document.cookie).toContain('CURRENCY=EUR');

    await userEvent.selectOptions(select, '');
    expect(screen.getByTestId('approx-price')).toBeEmptyDOMElement();
    expect(document.cookie).not.toContain('CURRENCY=');
  });

  it('says the booking is charged in the idea’s own currency when another one is shown', () => {
    act(() => chooseDisplayCurrency('USD'));
    renderInApp(<ChargeNote amount={4500} currency="RUB" />, { queryClient: withRates() });
    expect(plain(screen.getByTestId('charge-note').textContent)).toBe('Оплата в рублях: 4 500 ₽');
  });

  it('says nothing about the charge when the idea is in the shown currency, or none is chosen', () => {
    act(() => chooseDisplayCurrency('RUB'));
    const { unmount } = renderInApp(<ChargeNote amount={4500} currency="RUB" />);
    expect(screen.getByTestId('charge-note')).toBeEmptyDOMElement();
    unmount();
    dropChoice();
    renderInApp(<ChargeNote amount={4500} currency="RUB" />);
    expect(screen.getByTestId('charge-note')).toBeEmptyDOMElement();
  });
});
