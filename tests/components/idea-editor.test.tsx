import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdeaEditor } from '@/components/office/idea-editor/IdeaEditor';
import type { IdeaResource } from '@/lib/contract/ideas';
import type { IdeaTexts, PatchIdeaBody } from '@/lib/contract/own-ideas';
import type { SessionUser } from '@/lib/store/app-store';
import { renderInApp } from '../support/app';
import { categoriesFixture, makeIdea } from '../support/ideas';
import { apiUrl, setupApiServer } from '../support/msw';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);

const server = setupApiServer();

const author: SessionUser = {
  id: 1,
  hid: 'Author1',
  type: 'users',
  attributes: { name: 'Анна', image_url: null, profile_hid: 'Prof1', role: 'user' },
};

const texts = (ru: string) => ({ ru, en: '', zh: '' });

/** A draft with one departure on which two seats are booked. */
function draft(): { idea: IdeaResource; texts: IdeaTexts } {
  return {
    idea: makeIdea(1, {
      attributes: {
        title: 'Маяк на рассвете',
        status: 'draft',
        category_id: 2,
        place_id: 7,
        cancellation_policy: null,
        meeting_point: null,
      },
      relationships: {
        futureDates: {
          data: [
            {
              id: 31,
              hid: 'Date31',
              type: 'ideaDates',
              attributes: { starts_at: '2030-05-01T00:00:00Z', seats_total: 10, seats_left: 8 },
              relationships: {},
            },
          ],
        },
        ideaPrice: { data: { amount: 2500, currency: 'RUB', symbol: '₽', child_amount: null, includes: '' } },
        bookingParams: { data: { min_persons: 1, max_persons: 10, children_allowed: true } },
        photos: { data: [] },
      },
    }),
    texts: {
      title: texts('Маяк на рассвете'),
      description: texts('Встречаем рассвет у маяка Токаревского.'),
      includes: texts(''),
      meeting_point: texts(''),
      itinerary: [],
    },
  };
}

let stored = draft();
let patches: PatchIdeaBody[] = [];

function serveEditor() {
  server.use(
    http.get(apiUrl('/ideas/Hid1'), () => HttpResponse.json({ data: stored.idea })),
    http.get(apiUrl('/ideas/Hid1/texts'), () => HttpResponse.json({ data: stored.texts })),
    http.get(apiUrl('/categories'), () => HttpResponse.json(categoriesFixture)),
    http.get(apiUrl('/idea-types'), () =>
      HttpResponse.json({
        data: [{ id: 1, hid: 'Type1', type: 'ideaTypes', attributes: { title: 'Экскурсия' }, relationships: {} }],
      }),
    ),
    http.patch(apiUrl('/ideas/Hid1'), async ({ request }) => {
      const body = (await request.json()) as PatchIdeaBody;
      patches.push(body);
      const price = stored.idea.relationships.ideaPrice!.data;
      stored.idea.relationships.ideaPrice = { data: { ...price, amount: body.price ?? null } };
      return HttpResponse.json({ data: stored.idea });
    }),
  );
}

const LOAD = { timeout: 10_000 };

async function openEditor() {
  renderInApp(
    <>
      <IdeaEditor hid="Hid1" tileUrl="/tiles/{z}/{x}/{y}.png" />
      <Toaster />
    </>,
    { store: { user: author, token: 't' } },
  );
  await screen.findByRole('heading', { level: 1, name: 'Маяк на рассвете' }, LOAD);
}

const saveState = () => screen.getByText(/изменения/, { selector: '[role="status"]' });
const saveButton = () => screen.getByRole('button', { name: 'Сохранить' });
const leaveAsked = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('the idea editor', { timeout: 30_000 }, () => {
  beforeEach(() => {
    stored = draft();
    patches = [];
    serveEditor();
  });
  afterEach(() => vi.restoreAllMocks());

  it('loads the idea into its fields, with nothing to save', async () => {
    await openEditor();
    expect(screen.getByRole('textbox', { name: 'Название (Русский)' })).toHaveValue('Маяк на рассвете');
    expect(screen.getByRole('textbox', { name: 'Описание (Русский)' })).toHaveValue(
      'Встречаем рассвет у маяка Токаревского.',
    );
    expect(screen.getByRole('textbox', { name: 'Цена за взрослого' })).toHaveValue('2500');
    expect(screen.getByText('Владивосток')).toBeInTheDocument();
    expect(screen.getByText('Черновик видите только вы.')).toBeInTheDocument();
    expect(saveState()).toHaveTextContent('Все изменения сохранены');
    expect(saveButton()).toBeDisabled();
    expect(await screen.findByRole('option', { name: 'Выходные', selected: true }, LOAD)).toBeInTheDocument();
  });

  it('marks an edit as unsaved and asks before leaving; undoing the edit stops asking', async () => {
    const actor = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await openEditor();
    expect(leaveAsked()).toBe(false);

    const price = screen.getByRole('textbox', { name: 'Цена за взрослого' });
    await actor.clear(price);
    await actor.type(price, '3000');
    expect(saveState()).toHaveTextContent('Есть несохранённые изменения');
    expect(saveButton()).toBeEnabled();
    expect(leaveAsked()).toBe(true);

    const back = screen.getByRole('link', { name: /Ко всем идеям/ });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    back.dispatchEvent(click);
    expect(confirm).toHaveBeenCalledWith('Уйти без сохранения? Изменения пропадут.');
    expect(click.defaultPrevented).toBe(true);

    await actor.clear(price);
    await actor.type(price, '2500');
    expect(saveState()).toHaveTextContent('Все изменения сохранены');
    expect(leaveAsked()).toBe(false);
  });

  it('saves the form as the API expects it and says so', async () => {
    const actor = userEvent.setup();
    await openEditor();
    const price = screen.getByRole('textbox', { name: 'Цена за взрослого' });
    await actor.clear(price);
    await actor.type(price, '3000');
    await actor.click(screen.getByRole('checkbox', { name: 'English' }));
    await actor.click(saveButton());

    expect(await screen.findByText('Изменения сохранены', {}, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(saveState()).toHaveTextContent('Все изменения сохранены'));
    expect(leaveAsked()).toBe(false);
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({
      title: { ru: 'Маяк на рассвете' },
      description: { ru: 'Встречаем рассвет у маяка Токаревского.' },
      category_id: 2,
      place_id: 7,
      idea_type_id: 1,
      languages: ['ru', 'en'],
      price: 3000,
      currency: 'RUB',
      child_price: null,
      min_persons: 1,
      max_persons: 10,
      children_allowed: true,
      dates: [{ id: 31, starts_at: '2030-05-01T10:00:00+10:00', seats_total: 10 }],
      itinerary: [],
      photo_ids: [],
    });
  });

  it('opens a new idea on a blank form without asking the API, creates it on the first save, then edits it', async () => {
    const created: PatchIdeaBody[] = [];
    server.use(
      http.post(apiUrl('/users/:id/ideas'), async ({ request, params }) => {
        expect(params.id).toBe('Author1');
        created.push((await request.json()) as PatchIdeaBody);
        stored.idea.attributes.title = 'Бухта Шамора';
        stored.texts.title = texts('Бухта Шамора');
        return HttpResponse.json({ data: stored.idea }, { status: 201 });
      }),
    );
    window.history.replaceState(null, '', '/office/ideas/new');
    const actor = userEvent.setup();
    renderInApp(
      <>
        <IdeaEditor tileUrl="/tiles/{z}/{x}/{y}.png" />
        <Toaster />
      </>,
      { store: { user: author, token: 't' } },
    );
    const title = await screen.findByRole('textbox', { name: 'Название (Русский)' }, LOAD);
    expect(screen.getByRole('heading', { level: 1, name: 'Новая идея' })).toBeInTheDocument();
    expect(screen.getByText('Пока ничего не сохранено')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await actor.type(title, 'Бухта Шамора');
    expect(leaveAsked()).toBe(true);
    await actor.click(saveButton());

    expect(await screen.findByText('Изменения сохранены', {}, LOAD)).toBeInTheDocument();
    expect(created).toEqual([expect.objectContaining({ title: { ru: 'Бухта Шамора' }, idea_type_id: 4 })]);
    expect(patches).toEqual([]);
    await waitFor(() => expect(window.location.pathname).toBe('/office/ideas/Hid1'));
    expect(screen.getByRole('heading', { level: 1, name: 'Бухта Шамора' })).toBeInTheDocument();

    const price = screen.getByRole('textbox', { name: 'Цена за взрослого' });
    await actor.clear(price);
    await actor.type(price, '3000');
    await actor.click(saveButton());
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(created).toHaveLength(1);
  });

  it('sets the terms: a policy, the meeting point in each language and its coordinates', async () => {
    const actor = userEvent.setup();
    await openEditor();
    const terms = screen.getByRole('region', { name: 'Условия' });
    const policy = within(terms).getByRole('group', { name: 'Отмена бронирования' });
    expect(
      within(policy)
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked),
    ).toHaveLength(0);
    await actor.click(within(policy).getByRole('radio', { name: /за 72 часа/ }));
    expect(saveState()).toHaveTextContent('Есть несохранённые изменения');
    await actor.type(within(terms).getByRole('textbox', { name: 'Место встречи (Русский)' }), 'У Токаревского маяка');
    await actor.click(screen.getByRole('tab', { name: /English/ }));
    await actor.type(within(terms).getByRole('textbox', { name: 'Место встречи (English)' }), 'By the lighthouse');

    // Half a position is refused before anything is sent.
    await actor.type(within(terms).getByRole('textbox', { name: 'Широта места встречи' }), '43,0759');
    await actor.click(saveButton());
    expect(await within(terms).findByText('Укажите и широту, и долготу')).toBeInTheDocument();
    expect(patches).toHaveLength(0);

    await actor.type(within(terms).getByRole('textbox', { name: 'Долгота места встречи' }), '131.8465');
    await actor.click(saveButton());
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({
      cancellation_policy: 'free_72h',
      meeting_point: { ru: 'У Токаревского маяка', en: 'By the lighthouse' },
      meeting_lat: 43.0759,
      meeting_lon: 131.8465,
    });
  });

  it('shows a field error of a refused save next to its field', async () => {
    const actor = userEvent.setup();
    server.use(
      http.patch(apiUrl('/ideas/Hid1'), () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Unprocessable Content',
            status: 422,
            errors: { price: ['Цена не может быть больше 1 000 000.'] },
          },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    await openEditor();
    const price = screen.getByRole('textbox', { name: 'Цена за взрослого' });
    await actor.clear(price);
    await actor.type(price, '5000000');
    await actor.click(saveButton());

    await waitFor(() => expect(price).toHaveAccessibleDescription('Цена не может быть больше 1 000 000.'), LOAD);
    expect(price).toBeInvalid();
    expect(
      await screen.findByText('Не получилось сохранить. Проверьте поля с ошибками.', {}, LOAD),
    ).toBeInTheDocument();
    expect(saveState()).toHaveTextContent('Есть несохранённые изменения');
  });

  it('adds a departure a week after the last, and removes it; a booked one cannot be removed', async () => {
    const actor = userEvent.setup();
    await openEditor();
    const first = screen.getByRole('group', { name: 'Дата 1' });
    expect(within(first).getByText('Уже забронировано: 2')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Удалить дату 1' })).toBeDisabled();

    await actor.click(screen.getByRole('button', { name: '+ Добавить дату' }));
    const second = screen.getByRole('group', { name: 'Дата 2' });
    expect(within(second).getByLabelText('День')).toHaveValue('2030-05-08');
    expect(within(second).getByLabelText('Мест')).toHaveValue('10');
    expect(saveState()).toHaveTextContent('Есть несохранённые изменения');

    await actor.click(within(second).getByRole('button', { name: 'Удалить дату 2' }));
    expect(screen.queryByRole('group', { name: 'Дата 2' })).toBeNull();
    expect(saveState()).toHaveTextContent('Все изменения сохранены');

    await actor.click(screen.getByRole('button', { name: '+ Добавить дату' }));
    await actor.click(saveButton());
    await waitFor(() => expect(patches).toHaveLength(1), LOAD);
    expect(patches[0].dates).toEqual([
      { id: 31, starts_at: '2030-05-01T10:00:00+10:00', seats_total: 10 },
      { starts_at: '2030-05-08T10:00:00+10:00', seats_total: 10 },
    ]);
  });
});
