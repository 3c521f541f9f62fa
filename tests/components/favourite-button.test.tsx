import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FavouriteButton } from '@/components/favourites/FavouriteButton';
import { FavouritesSync } from '@/components/favourites/FavouritesSync';
import { IdeaCard } from '@/components/ideas/IdeaCard';
import { LOCAL_FAVOURITES_KEY } from '@/lib/browser/local-favourites';
import { notify } from '@/lib/browser/notify';
import { renderInApp } from '../support/app';
import { makeIdea } from '../support/ideas';
import { apiUrl, setupApiServer } from '../support/msw';
import { sessionUser, signedInAs } from '../support/session';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);
vi.mock('@/lib/browser/notify', () => ({ notify: vi.fn() }));

const server = setupApiServer();

const user = sessionUser();
const signedIn = signedInAs(user);
const stored = () => JSON.parse(window.localStorage.getItem(LOCAL_FAVOURITES_KEY) ?? '[]');

afterEach(() => {
  window.localStorage.clear();
  vi.mocked(notify).mockClear();
});

describe('favourite button', () => {
  it('on a card, is a toggle named after the idea, outside the card link', () => {
    renderInApp(<IdeaCard idea={makeIdea(1, { attributes: { title: 'Маяк Токаревского' } })} />);
    const heart = screen.getByRole('button', { name: 'Сохранить в избранное: Маяк Токаревского' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart.closest('a')).toBeNull();
  });

  it('keeps an anonymous visitor’s favourites in the browser, asking the API nothing', async () => {
    renderInApp(<FavouriteButton id={1} hid="HidOne" title="Маяк" />);
    const heart = screen.getByRole('button', { name: 'Сохранить в избранное: Маяк' });
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(stored()).toEqual(['HidOne']);
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(stored()).toEqual([]);
  });

  it('shows the account’s saved ideas when signed in, and saves a new one before the server answers', async () => {
    const saved = [{ id: 2, hid: 'HidTwo' }];
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(apiUrl('/users/UserHid/favourites'), ({ request }) => {
        expect(new URL(request.url).searchParams.get('ids_only')).toBe('1');
        return HttpResponse.json({ data: saved });
      }),
      http.put(apiUrl('/users/UserHid/favourites/:idea'), async ({ params }) => {
        await answered;
        saved.unshift({ id: 1, hid: String(params.idea) });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderInApp(
      <>
        <FavouriteButton id={1} hid="HidOne" title="Маяк" />
        <FavouriteButton id={2} hid="HidTwo" title="Остров" />
      </>,
      { store: signedIn },
    );
    const two = screen.getByRole('button', { name: 'Сохранить в избранное: Остров' });
    await waitFor(() => expect(two).toHaveAttribute('aria-pressed', 'true'));
    const one = screen.getByRole('button', { name: 'Сохранить в избранное: Маяк' });
    expect(one).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(one);
    // Pressed at once, while the server has not answered yet.
    expect(one).toHaveAttribute('aria-pressed', 'true');
    answer();
    await waitFor(() => expect(saved.map((ref) => ref.hid)).toEqual(['HidOne', 'HidTwo']));
    expect(one).toHaveAttribute('aria-pressed', 'true');
    expect(stored()).toEqual([]);
  });

  it('puts the heart back and says so when the server refuses', async () => {
    server.use(
      http.get(apiUrl('/users/UserHid/favourites'), () => HttpResponse.json({ data: [] })),
      http.put(apiUrl('/users/UserHid/favourites/:idea'), () =>
        HttpResponse.json({ title: 'Internal Server Error', status: 500 }, { status: 500 }),
      ),
    );
    renderInApp(<FavouriteButton id={1} hid="HidOne" title="Маяк" variant="page" />, { store: signedIn });
    const heart = screen.getByRole('button', { name: 'В избранное' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    await userEvent.click(heart);
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('error', 'Не удалось добавить идею в избранное', expect.anything()),
    );
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('favourites sync', () => {
  it('saves the browser’s favourites to the account on sign-in, oldest first, and forgets those done', async () => {
    window.localStorage.setItem(LOCAL_FAVOURITES_KEY, JSON.stringify(['HidNew', 'HidGone', 'HidOld']));
    const saved: string[] = [];
    server.use(
      http.put(apiUrl('/users/UserHid/favourites/:idea'), ({ params }) => {
        saved.push(String(params.idea));
        return params.idea === 'HidGone'
          ? HttpResponse.json({ title: 'Not Found', status: 404 }, { status: 404 })
          : new HttpResponse(null, { status: 204 });
      }),
    );
    renderInApp(<FavouritesSync />, { store: signedIn });
    await waitFor(() => expect(window.localStorage.getItem(LOCAL_FAVOURITES_KEY)).toBeNull());
    expect(saved).toEqual(['HidOld', 'HidGone', 'HidNew']);
  });

  it('keeps them in the browser when the network fails, and does nothing while signed out', async () => {
    window.localStorage.setItem(LOCAL_FAVOURITES_KEY, JSON.stringify(['HidOne']));
    const { unmount } = renderInApp(<FavouritesSync />);
    unmount();
    let tried = 0;
    server.use(
      http.put(apiUrl('/users/UserHid/favourites/:idea'), () => {
        tried++;
        return HttpResponse.error();
      }),
    );
    renderInApp(<FavouritesSync />, { store: signedIn });
    await waitFor(() => expect(tried).toBe(1));
    expect(stored()).toEqual(['HidOne']);
  });
});
