import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OfficeDashboard } from '@/components/office/OfficeDashboard';
import { RequestsList } from '@/components/office/RequestsList';
import type { SessionUser } from '@/lib/store/app-store';
import { renderInApp } from '../support/app';
import { makeIdea } from '../support/ideas';
import { apiUrl, setupApiServer } from '../support/msw';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);

const server = setupApiServer();

const user = (role: 'user' | 'moderator' = 'user'): SessionUser => ({
  id: 1,
  hid: 'Author1',
  type: 'users',
  attributes: { name: 'Анна', image_url: null, profile_hid: 'Prof1', role },
});

const ideas = [
  makeIdea(1, { attributes: { title: 'Маяк на рассвете', status: 'published' } }),
  makeIdea(2, {
    attributes: { title: 'Остров Русский', status: 'refused', refusal_reason: 'Добавьте фото с маршрута.' },
  }),
  makeIdea(3, { attributes: { title: 'Бухта Шамора', status: 'not-moderated' } }),
  makeIdea(4, { attributes: { title: '', status: 'draft', next_date: null } }),
];

let deleted: string[] = [];

/** A request waiting for the guide's answer, as GET /office/requests lists it. */
const request = (hid: string, title: string) => ({
  id: hid.length,
  hid,
  type: 'bookings',
  attributes: {
    status: 'requested',
    adults: 2,
    children: 0,
    total: 6000,
    currency: 'RUB',
    symbol: '₽',
    contact: { name: 'Пётр', phone: '+79140000001' },
    starts_at: '2030-05-01T00:00:00Z',
    traveller_name: 'Пётр',
    respond_by: new Date(Date.now() + 5.5 * 3_600_000).toISOString(),
  },
  relationships: { idea: { data: { id: 1, hid: 'Hid1', title, deleted: false } } },
});
let requests = [request('Req1', 'Маяк на рассвете')];

function serveOffice() {
  server.use(
    http.get(apiUrl('/users/Author1/ideas'), () =>
      HttpResponse.json({
        data: ideas.filter((i) => !deleted.includes(i.hid)),
        meta: { current_page: 1, per_page: 40, total: ideas.length, last_page: 1 },
      }),
    ),
    http.get(apiUrl('/users/Author1/bookings'), ({ request }) => {
      expect(new URL(request.url).searchParams.get('as')).toBe('author');
      return HttpResponse.json({
        data: [
          {
            id: 9,
            hid: 'Book9',
            type: 'bookings',
            attributes: {
              status: 'confirmed',
              adults: 2,
              children: 1,
              total: 6000,
              currency: 'RUB',
              symbol: '₽',
              contact: { name: 'Иван', phone: '+79140000000' },
              starts_at: '2030-05-01T00:00:00Z',
              traveller_name: 'Иван',
            },
            relationships: { idea: { data: { id: 1, hid: 'Hid1', title: 'Маяк на рассвете', deleted: false } } },
          },
        ],
        meta: { current_page: 1, per_page: 40, total: 1, last_page: 1 },
      });
    }),
    http.get(apiUrl('/office/requests'), () => HttpResponse.json({ data: requests, meta: { total: requests.length } })),
    http.delete(apiUrl('/ideas/:hid'), ({ params }) => {
      deleted.push(String(params.hid));
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

const LOAD = { timeout: 10_000 };

describe('the office', { timeout: 30_000 }, () => {
  beforeEach(() => {
    deleted = [];
    requests = [request('Req1', 'Маяк на рассвете')];
    serveOffice();
  });

  it('links the waiting requests with their count', async () => {
    renderInApp(<OfficeDashboard />, { store: { user: user(), token: 't' } });
    const link = await screen.findByRole('link', { name: /^Заявки\W*1 ждёт/ }, LOAD);
    expect(link).toHaveAttribute('href', '/office/requests');
  });

  it('accepts a request, and declines one only with a message to the traveller', async () => {
    const answers: { path: string; body: unknown }[] = [];
    server.use(
      http.post(apiUrl('/bookings/:hid/:answer'), async ({ request: r, params }) => {
        const text = await r.text();
        answers.push({ path: `${params.hid}/${params.answer}`, body: text ? JSON.parse(text) : null });
        requests = requests.filter((b) => b.hid !== params.hid);
        const status = params.answer === 'accept' ? 'confirmed' : 'declined';
        return HttpResponse.json({ data: { ...request(String(params.hid), 'x'), attributes: { status } } });
      }),
    );
    requests = [request('Req1', 'Маяк на рассвете'), request('Req2', 'Остров Русский')];
    renderInApp(<RequestsList />, { store: { user: user(), token: 't' } });
    const first = await screen.findByRole('listitem', { name: 'Маяк на рассвете' }, LOAD);
    expect(within(first).getByText('Пётр')).toBeInTheDocument();
    expect(within(first).getByText('5 часов')).toBeInTheDocument();
    await userEvent.click(within(first).getByRole('button', { name: 'Принять' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Маяк на рассвете' })).toBeNull());

    const second = screen.getByRole('listitem', { name: 'Остров Русский' });
    await userEvent.click(within(second).getByRole('button', { name: 'Отклонить' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отклонить заявку' }));
    expect(await within(dialog).findByText('Напишите сообщение путешественнику')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Сообщение путешественнику'), 'Катер в ремонте');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отклонить заявку' }));
    expect(await screen.findByText('Заявок, ждущих ответа, нет.', undefined, LOAD)).toBeInTheDocument();
    expect(answers).toEqual([
      { path: 'Req1/accept', body: null },
      { path: 'Req2/decline', body: { message: 'Катер в ремонте' } },
    ]);
  });

  it('shows more of a long list of own ideas, page by page, until the last', async () => {
    const requested: string[] = [];
    server.use(
      http.get(apiUrl('/users/Author1/ideas'), ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        requested.push(String(page));
        const data = page === 1 ? ideas.slice(0, 2) : ideas.slice(2, 3);
        return HttpResponse.json({ data, meta: { current_page: page, per_page: 2, total: 3, last_page: 2 } });
      }),
    );
    renderInApp(<OfficeDashboard />, { store: { user: user(), token: 't' } });
    await screen.findByRole('heading', { level: 3, name: 'Остров Русский' }, LOAD);
    expect(screen.queryByRole('heading', { level: 3, name: 'Бухта Шамора' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Бухта Шамора' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Маяк на рассвете' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
    expect(requested).toEqual(['1', '2']);
  });

  it('lists own ideas with their statuses and the refusal reason', async () => {
    renderInApp(<OfficeDashboard />, { store: { user: user(), token: 't' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Мои идеи' })).toBeInTheDocument();
    const list = await screen.findByRole('list', {}, LOAD).then(() => screen.getAllByRole('listitem'));
    expect(list.length).toBeGreaterThanOrEqual(4);
    const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;
    expect(within(card('Маяк на рассвете')).getByText('Опубликована')).toBeInTheDocument();
    expect(within(card('Бухта Шамора')).getByText('На модерации')).toBeInTheDocument();
    expect(within(card('Остров Русский')).getByText('Отклонена')).toBeInTheDocument();
    expect(within(card('Остров Русский')).getByText('Причина отказа: Добавьте фото с маршрута.')).toBeInTheDocument();
    expect(within(card('Без названия')).getByText('Черновик')).toBeInTheDocument();
    expect(
      within(card('Маяк на рассвете')).getByRole('link', { name: 'Редактировать «Маяк на рассвете»' }),
    ).toHaveAttribute('href', '/office/ideas/Hid1');
    // Only published ideas link to their public page.
    expect(within(card('Бухта Шамора')).queryByRole('link', { name: /Открыть/ })).toBeNull();
    // Bookings received for own ideas.
    expect(await screen.findByText('Контакт: Иван, +7 914 000-00-00', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/2 взрослых, детей: 1/)).toBeInTheDocument();
    // No moderation link for a plain user.
    expect(screen.queryByRole('link', { name: 'Модерация' })).toBeNull();
  });

  it('asks for confirmation before deleting, and cancelling keeps the idea', async () => {
    const actor = userEvent.setup();
    renderInApp(<OfficeDashboard />, { store: { user: user(), token: 't' } });
    await screen.findByRole('heading', { level: 3, name: 'Бухта Шамора' }, LOAD);

    await actor.click(screen.getByRole('button', { name: 'Удалить «Бухта Шамора»' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Удалить идею?' });
    expect(within(dialog).getByText(/«Бухта Шамора» пропадёт/)).toBeInTheDocument();
    await actor.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deleted).toEqual([]);

    await actor.click(screen.getByRole('button', { name: 'Удалить «Бухта Шамора»' }));
    await actor.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Да, удалить' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Бухта Шамора' })).toBeNull(), LOAD);
    expect(deleted).toEqual(['Hid3']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows moderators the link to moderation', async () => {
    renderInApp(<OfficeDashboard />, { store: { user: user('moderator'), token: 't' } });
    expect(screen.getByRole('link', { name: 'Модерация' })).toHaveAttribute('href', '/office/moderation');
    await screen.findByRole('heading', { level: 3, name: 'Бухта Шамора' }, LOAD);
  });
});
