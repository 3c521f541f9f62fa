import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PlaceSearch } from '@/components/places/PlaceSearch';
import type { PlaceResource } from '@/lib/contract/catalog';
import { renderInApp } from '../support/app';
import { apiUrl, setupApiServer } from '../support/msw';

const server = setupApiServer();

const place = (id: number, title: string, hasChildren = false, parentId = 0): PlaceResource => ({
  id,
  hid: String(id),
  type: 'places',
  attributes: { title, parent_id: parentId, lat: 43, lon: 131, has_children: hasChildren },
  relationships: {},
});

const osmResult = {
  id: 'N42',
  hid: 'N42',
  type: 'osmPlaces',
  attributes: {
    title: 'Мыс Тобизина',
    display_name: 'Мыс Тобизина, Русский остров, Приморский край',
    lat: 43.0,
    lon: 131.9,
  },
  relationships: {},
};

function serveCatalog() {
  const searches: string[] = [];
  server.use(
    http.get(apiUrl('/places/popular'), () =>
      HttpResponse.json({ data: [place(7, 'Владивосток', true), place(12, 'Находка')] }),
    ),
    http.get(apiUrl('/places/7/children'), () => HttpResponse.json({ data: [place(8, 'Русский остров', false, 7)] })),
    http.get(apiUrl('/osm/search'), ({ request }) => {
      const title = new URL(request.url).searchParams.get('title') ?? '';
      searches.push(title);
      return HttpResponse.json({
        data: title.startsWith('мыс') ? [osmResult] : title.startsWith('нах') ? [place(12, 'Находка')] : [],
      });
    }),
  );
  return searches;
}

describe('PlaceSearch', () => {
  it('offers the popular places and chooses one', async () => {
    serveCatalog();
    const onChoose = vi.fn();
    renderInApp(<PlaceSearch onChoose={onChoose} />);
    expect(await screen.findByRole('heading', { name: 'Популярные места' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Находка' }));
    expect(onChoose).toHaveBeenCalledWith({ id: 12, title: 'Находка' });
  });

  it('drills into the places inside a place and back, and can choose the whole place', async () => {
    serveCatalog();
    const onChoose = vi.fn();
    renderInApp(<PlaceSearch onChoose={onChoose} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Что внутри: Владивосток' }));
    expect(await screen.findByRole('button', { name: 'Русский остров' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Владивосток' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Всё место: Владивосток' }));
    expect(onChoose).toHaveBeenCalledWith({ id: 7, title: 'Владивосток' });
    await userEvent.click(screen.getByRole('button', { name: 'Популярные места' }));
    expect(await screen.findByRole('button', { name: 'Находка' })).toBeInTheDocument();
  });

  it('searches by name once typing pauses and says when nothing is found', async () => {
    const searches = serveCatalog();
    renderInApp(<PlaceSearch onChoose={vi.fn()} />);
    const input = screen.getByLabelText('Название места');
    await userEvent.type(input, 'нах');
    expect(await screen.findByRole('heading', { name: 'Нашли' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Находка' })).toBeInTheDocument();
    expect(searches).toEqual(['нах']);
    await userEvent.clear(input);
    await userEvent.type(input, 'зззз');
    expect(
      await screen.findByText('По запросу «зззз» ничего не нашли. Попробуйте другое название.'),
    ).toBeInTheDocument();
  });

  it('keeps map results away from visitors who cannot save them, and saves one for a signed-in user', async () => {
    serveCatalog();
    let saved: unknown = null;
    server.use(
      http.post(apiUrl('/osm/saveSelected'), async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ data: place(99, 'Мыс Тобизина', false, 0) });
      }),
    );
    const anonymous = renderInApp(<PlaceSearch onChoose={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Название места'), 'мыс');
    expect(
      await screen.findByText('По запросу «мыс» ничего не нашли. Попробуйте другое название.'),
    ).toBeInTheDocument();
    anonymous.unmount();

    const onChoose = vi.fn();
    renderInApp(<PlaceSearch onChoose={onChoose} />, { store: { token: 'token', user: null } });
    await userEvent.type(screen.getByLabelText('Название места'), 'мыс');
    await userEvent.click(await screen.findByRole('button', { name: /Мыс Тобизина/ }));
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith({ id: 99, title: 'Мыс Тобизина' }));
    expect(saved).toMatchObject({ id: 'N42', title: 'Мыс Тобизина' });
  });
});
