import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { IdeaCard } from '@/components/ideas/IdeaCard';
import { IdeaReviews } from '@/components/reviews/IdeaReviews';
import { ReviewsIsland } from '@/components/reviews/ReviewsIsland';
import { pagesOf, ReviewsView } from '@/components/reviews/ReviewsView';
import { LeaveReviewDialog } from '@/components/reviews/LeaveReviewDialog';
import type { ReviewResource, ReviewsPage } from '@/lib/contract/reviews';
import { renderInApp } from '../support/app';
import { makeIdea } from '../support/ideas';
import { apiUrl, setupApiServer } from '../support/msw';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);

const server = setupApiServer();

const review = (n: number, extra: Partial<ReviewResource['attributes']> = {}): ReviewResource => ({
  id: n,
  hid: `Rev${n}`,
  type: 'reviews',
  attributes: {
    rating: 5,
    text: `Отзыв номер ${n}`,
    language: 'ru',
    created_at: '2026-05-01T10:00:00.000Z',
    departure_month: '2026-04',
    reviewer_name: `Гость ${n}`,
    reviewer_image_url: null,
    reply: null,
    ...extra,
  },
  relationships: {},
});

const page = (data: ReviewResource[], current: number, last: number): ReviewsPage => ({
  data,
  meta: {
    current_page: current,
    per_page: 2,
    total: 3,
    last_page: last,
    rating: 4.7,
    reviews_count: 3,
    languages: [{ language: 'ru', count: 3 }],
  },
});

describe('idea card', () => {
  it('shows ★ rating (count) only when the idea has reviews', () => {
    const { unmount } = renderInApp(
      <IdeaCard idea={makeIdea(1, { attributes: { rating: 4.8, reviews_count: 23 } })} />,
    );
    const link = screen.getByRole('link');
    expect(within(link).getByText('★ 4,8 (23)')).toBeInTheDocument();
    expect(within(link).getByText('Рейтинг 4,8 из 5, 23 отзыва')).toBeInTheDocument();
    unmount();
    renderInApp(<IdeaCard idea={makeIdea(2)} />);
    expect(screen.getByRole('link').textContent).not.toContain('★');
  });
});

describe('idea reviews', () => {
  it('shows the summary and the first page, then loads the next page from the API', async () => {
    server.use(
      http.get(apiUrl('/ideas/:hid/reviews'), ({ request }) => {
        expect(new URL(request.url).searchParams.get('page')).toBe('2');
        return HttpResponse.json(page([review(3, { reply: { text: 'Спасибо!', created_at: '' } })], 2, 2));
      }),
    );
    renderInApp(<IdeaReviews ideaHid="Idea1" authorId={9} initial={page([review(1), review(2)], 1, 2)} />);
    expect(screen.getByTestId('rating-summary')).toHaveTextContent('Рейтинг 4,7 из 5, 3 отзыва');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Ответить' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё отзывы' }));
    expect(await screen.findByText('Отзыв номер 3')).toBeInTheDocument();
    expect(screen.getByText('Спасибо!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Показать ещё отзывы' })).toBeNull();
  });
});

describe("the idea page's reviews before their code has come", () => {
  it('are the server\'s markup, and a click on "more" from then is made again, the focus kept', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get(apiUrl('/ideas/:hid/reviews'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json(page([review(3)], 2, 3));
      }),
    );
    const initial = page([review(1), review(2)], 1, 3);
    renderInApp(
      <ReviewsIsland ideaHid="Idea1" authorId={9} initial={initial}>
        <ReviewsView meta={initial.meta} shown={{ language: null, reviews: initial.data, ...pagesOf(initial) }} />
      </ReviewsIsland>,
    );
    // At once, before IdeaReviews' code has loaded: the button has no handler of its own yet.
    const more = screen.getByRole('button', { name: 'Показать ещё отзывы' });
    more.focus();
    fireEvent.click(more);
    expect(await screen.findByText('Отзыв номер 3')).toBeInTheDocument();
    expect(asked).toEqual(['2']);
    expect(screen.getByRole('button', { name: 'Показать ещё отзывы' })).toHaveFocus();
  });
});

describe('review actions on the idea page', () => {
  it("let the idea's author reply once, and moderators hide a review", async () => {
    const replies: unknown[] = [];
    server.use(
      http.put(apiUrl('/reviews/:hid/reply'), async ({ params, request }) => {
        replies.push({ hid: params.hid, ...((await request.json()) as object) });
        return HttpResponse.json({ data: review(1, { reply: { text: 'Спасибо, приезжайте ещё!', created_at: '' } }) });
      }),
      http.post(apiUrl('/reviews/:hid/hide'), () =>
        HttpResponse.json({ data: review(2, { hidden: { at: '2026-05-02T00:00:00Z', reason: 'Спам' } }) }),
      ),
    );
    const author = {
      id: 9,
      hid: 'U9',
      type: 'users' as const,
      attributes: { name: 'Анна', image_url: null, profile_hid: 'P9', role: 'user' as const },
    };
    const { unmount } = renderInApp(
      <IdeaReviews ideaHid="Idea1" authorId={9} initial={page([review(1), review(2)], 1, 1)} />,
      { store: { user: author, token: 't' } },
    );
    const [first] = await screen.findAllByRole('button', { name: 'Ответить' });
    expect(screen.queryByRole('button', { name: 'Скрыть' })).toBeNull();
    await userEvent.click(first);
    await userEvent.type(screen.getByLabelText('Ваш ответ'), 'Спасибо, приезжайте ещё!');
    await userEvent.click(screen.getByRole('button', { name: 'Опубликовать ответ' }));
    expect(await screen.findByText('Спасибо, приезжайте ещё!')).toBeInTheDocument();
    expect(replies).toEqual([{ hid: 'Rev1', text: 'Спасибо, приезжайте ещё!' }]);
    expect(screen.getAllByRole('button', { name: 'Ответить' })).toHaveLength(1);
    unmount();

    const moderator = { ...author, id: 5, attributes: { ...author.attributes, role: 'moderator' as const } };
    renderInApp(<IdeaReviews ideaHid="Idea1" authorId={9} initial={page([review(1), review(2)], 1, 1)} />, {
      store: { user: moderator, token: 't' },
    });
    const hideButtons = await screen.findAllByRole('button', { name: 'Скрыть' });
    await userEvent.click(hideButtons[1]);
    await userEvent.type(screen.getByLabelText('Причина скрытия'), 'Спам');
    await userEvent.click(screen.getByRole('button', { name: 'Скрыть отзыв' }));
    await waitFor(() => expect(screen.queryByText('Отзыв номер 2')).toBeNull());
    expect(screen.getByText('Отзыв номер 1')).toBeInTheDocument();
  });
});

describe('leave a review', () => {
  it('asks for a rating and enough text, then sends them with the booking', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl('/ideas/:hid/reviews'), async ({ request, params }) => {
        sent.push({ idea: params.hid, ...((await request.json()) as object) });
        return HttpResponse.json({ data: review(7, { rating: 4 }) }, { status: 201 });
      }),
    );
    const reviewed = vi.fn();
    renderInApp(
      <LeaveReviewDialog
        open
        onOpenChange={() => undefined}
        ideaHid="Idea1"
        ideaTitle="Маяк"
        bookingHid="Book1"
        onReviewed={reviewed}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Отзыв о поездке «Маяк»' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Опубликовать' }));
    expect(within(dialog).getByText('Поставьте оценку от 1 до 5.')).toBeInTheDocument();
    expect(within(dialog).getByText('Напишите хотя бы 10 символов.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    // A radio group: arrows move the choice.
    await userEvent.click(within(dialog).getByRole('radio', { name: '3 — нормально' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('radio', { name: '4 — хорошо' })).toBeChecked();
    await userEvent.type(within(dialog).getByLabelText('Отзыв'), 'Прекрасная прогулка вдоль моря');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Опубликовать' }));
    await waitFor(() => expect(reviewed).toHaveBeenCalled());
    expect(sent).toEqual([{ idea: 'Idea1', booking_hid: 'Book1', rating: 4, text: 'Прекрасная прогулка вдоль моря' }]);
  });
});
