import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ModerationQueue } from '@/components/moderation/ModerationQueue';
import type { SessionUser } from '@/lib/store/app-store';
import { renderInApp } from '../support/app';
import { makeIdea } from '../support/ideas';
import { apiUrl, setupApiServer } from '../support/msw';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);

const server = setupApiServer();

const user = (role: 'user' | 'moderator'): SessionUser => ({
  id: 1,
  hid: 'U1',
  type: 'users',
  attributes: { name: 'Мария', image_url: null, profile_hid: 'P1', role },
});

const waiting = (id: number) => makeIdea(id, { attributes: { status: 'not-moderated', title: `Новая идея ${id}` } });

/** A queue of two ideas; approving or refusing one takes it out, as the API does. */
function serveQueue() {
  let queue = [waiting(1), waiting(2)];
  const decisions: { hid: string; action: string; body: unknown }[] = [];
  const decide = (action: string) =>
    http.post(apiUrl(`/ideas/:hid/${action}`), async ({ params, request }) => {
      const body = action === 'refuse' ? await request.json() : null;
      decisions.push({ hid: String(params.hid), action, body });
      queue = queue.filter((idea) => idea.hid !== params.hid);
      return HttpResponse.json({ data: {} });
    });
  server.use(
    http.get(apiUrl('/ideas'), ({ request }) => {
      expect(new URL(request.url).searchParams.get('f')).toBe('not-moderated');
      return HttpResponse.json({
        data: queue,
        meta: { current_page: 1, per_page: 40, total: queue.length, last_page: 1 },
      });
    }),
    decide('approve'),
    decide('refuse'),
  );
  return decisions;
}

const renderQueue = (role: 'user' | 'moderator') =>
  renderInApp(<ModerationQueue />, { store: { user: user(role), token: 'token' } });

describe('ModerationQueue', () => {
  it('tells a user who is not a moderator that the section is closed, without asking the API', () => {
    renderQueue('user');
    expect(screen.getByRole('alert')).toHaveTextContent('Этот раздел открыт только модераторам.');
  });

  it('approves an idea and takes it out of the queue', async () => {
    const decisions = serveQueue();
    renderQueue('moderator');
    expect(await screen.findByRole('heading', { name: 'Ждут проверки 2 идеи' })).toBeInTheDocument();
    const first = screen.getByRole('article', { name: 'Новая идея 1' });
    await userEvent.click(within(first).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Новая идея 1' })).not.toBeInTheDocument());
    expect(decisions).toEqual([{ hid: 'Hid1', action: 'approve', body: null }]);
    expect(screen.getByRole('heading', { name: 'Ждёт проверки 1 идея' })).toBeInTheDocument();
  });

  it('refuses only with a reason, which reaches the API', async () => {
    const decisions = serveQueue();
    renderQueue('moderator');
    const second = await screen.findByRole('article', { name: 'Новая идея 2' });
    await userEvent.click(within(second).getByRole('button', { name: 'Отклонить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отклонить «Новая идея 2»?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отклонить идею' }));
    expect(within(dialog).getByText('Напишите причину — хотя бы 3 символа.')).toBeInTheDocument();
    expect(decisions).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Причина'), 'Добавьте фото и даты');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отклонить идею' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(decisions).toEqual([{ hid: 'Hid2', action: 'refuse', body: { reason: 'Добавьте фото и даты' } }]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Новая идея 2' })).not.toBeInTheDocument());
  });
});
