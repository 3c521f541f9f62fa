import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ViewSwitch } from '@/components/filters/ViewSwitch';
import { renderInApp } from '../support/app';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);

const links = () =>
  within(screen.getByRole('navigation', { name: 'Как показать' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]);

describe('the list / map switch', () => {
  it('on the list: the map keeps every filter and adds view=map', () => {
    renderInApp(<ViewSwitch filters={{ category_id: '2', price_max: '5000', sort: 'price' }} />);
    expect(links()).toEqual([
      ['Список', '/go?category_id=2&price_max=5000&sort=price', 'page'],
      ['Карта', '/go?category_id=2&price_max=5000&sort=price&view=map', null],
    ]);
  });

  it('on the map: the list drops only the view, the area stays', () => {
    renderInApp(<ViewSwitch filters={{ category_id: '2', bbox: '131.8,43,132,43.2', view: 'map' }} />);
    expect(links()).toEqual([
      ['Список', '/go?category_id=2&bbox=131.8%2C43%2C132%2C43.2', null],
      ['Карта', '/go?category_id=2&bbox=131.8%2C43%2C132%2C43.2&view=map', 'page'],
    ]);
  });
});
