import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CARD_SIZES, coverLoadingAt, IdeaCard } from '@/components/ideas/IdeaCard';
import { renderInApp } from '../support/app';
import { makeIdea } from '../support/ideas';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);

// Intl writes "2 500 ₽" with no-break spaces.
const plain = (text: string | null | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

describe('idea card', () => {
  it('is one link to the idea page with title, place, author, next date and price', () => {
    renderInApp(
      <IdeaCard idea={makeIdea(12, { attributes: { title: 'Маяк Токаревского', place_title: 'Эгершельд' } })} />,
    );
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', '/go/Hid12');
    expect(within(link).getByRole('heading', { name: 'Маяк Токаревского' })).toBeInTheDocument();
    expect(within(link).getByText('Эгершельд')).toBeInTheDocument();
    expect(within(link).getByText('Анна Морская')).toBeInTheDocument();
    // 00:00 UTC is 10:00 in Vladivostok, where every departure is.
    expect(within(link).getByText(/^Ближайшая дата: 22 мая/)).toHaveTextContent('10:00');
    expect(plain(within(link).getByText(/^от /).textContent)).toBe('от 2 500 ₽');
    expect(plain(link.textContent)).toMatch(/^Маяк Токаревского/);
  });

  it('formats the price in its own currency', () => {
    renderInApp(
      <IdeaCard
        idea={makeIdea(1, { relationships: { price: { data: { amount: 120, currency: 'USD', symbol: '$' } } } })}
      />,
    );
    expect(plain(screen.getByText(/^от /).textContent)).toBe('от 120 $');
  });

  it("gives a private idea's price as the whole group's, not as a price from", () => {
    renderInApp(<IdeaCard idea={makeIdea(3, { attributes: { format: 'private' } })} />);
    expect(plain(screen.getByText(/за группу$/).textContent)).toBe('2 500 ₽ за группу');
    expect(screen.queryByText(/^от /)).toBeNull();
  });

  it('says the price is on request, and the dates are to be set, when there are none', () => {
    renderInApp(
      <IdeaCard
        idea={makeIdea(1, {
          attributes: { next_date: null },
          relationships: { price: { data: { amount: null, currency: 'RUB', symbol: '₽' } } },
        })}
      />,
    );
    expect(screen.getByText('Цена по запросу')).toBeInTheDocument();
    expect(screen.getByText('Даты уточняются')).toBeInTheDocument();
  });

  it('shows the cover at 466×350 with responsive sizes; it is decorative, the link is named by the title', () => {
    const { container } = renderInApp(<IdeaCard idea={makeIdea(3)} />);
    const cover = container.querySelector('img')!;
    expect(cover).toHaveAttribute('alt', '');
    expect(cover).toHaveAttribute('width', '466');
    expect(cover).toHaveAttribute('height', '350');
    expect(cover).toHaveAttribute('sizes', CARD_SIZES);
    expect(cover.getAttribute('srcset')).toContain(encodeURIComponent('/api/v1/files/covers/3.webp'));
    expect(cover).toHaveAttribute('loading', 'lazy');
  });

  it('loads the cover eagerly above the fold, the first with high priority, and takes the sizes it is given', () => {
    const { container, unmount } = renderInApp(<IdeaCard idea={makeIdea(3)} coverLoading="priority" sizes="290px" />);
    const first = container.querySelector('img')!;
    expect(first).not.toHaveAttribute('loading', 'lazy');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('sizes', '290px');
    unmount();
    const other = renderInApp(<IdeaCard idea={makeIdea(4)} coverLoading="eager" />).container.querySelector('img')!;
    expect(other).not.toHaveAttribute('loading', 'lazy');
    expect(other).not.toHaveAttribute('fetchpriority');
  });

  it('gives priority to the first card only, and loads the rest of the first viewport eagerly', () => {
    expect([0, 1, 3, 4, 9].map((index) => coverLoadingAt(index, 4))).toEqual([
      'priority',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
  });

  it('shows the category tag in its colour', () => {
    renderInApp(<IdeaCard idea={makeIdea(3)} category={{ title: 'Выходные', color: 2 }} />);
    expect(screen.getByText('Выходные')).toHaveClass('cat-2');
  });

  it("shows the author's avatar, or their initial without one", () => {
    const withAvatar = makeIdea(4, {
      relationships: {
        author: {
          data: {
            id: 1,
            hid: 'U1',
            type: 'users',
            attributes: { name: 'Олег', image_url: '/api/v1/files/avatars/1.webp', profile_hid: 'P1' },
            relationships: {},
          },
        },
      },
    });
    const { container, unmount } = renderInApp(<IdeaCard idea={withAvatar} />);
    expect(
      [...container.querySelectorAll('img')].some((img) =>
        img.getAttribute('srcset')?.includes(encodeURIComponent('/api/v1/files/avatars/1.webp')),
      ),
    ).toBe(true);
    unmount();
    renderInApp(<IdeaCard idea={makeIdea(5)} />);
    expect(screen.getByText('А')).toHaveAttribute('aria-hidden', 'true');
  });
});
