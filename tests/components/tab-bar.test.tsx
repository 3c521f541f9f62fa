import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TabBar } from '@/components/layout/TabBar';
import type { SessionUser } from '@/lib/store/app-store';
import { navigationState } from '../support/navigation-mock';
import { renderWithApp } from '../support/render';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);

const user: SessionUser = {
  id: 1,
  hid: 'Ab12Cd',
  type: 'users',
  attributes: { name: 'Анна', image_url: null, profile_hid: 'Pr0f1l' },
};

describe('tab bar', () => {
  beforeEach(() => {
    navigationState.pathname = '/';
  });

  it('shows home and sign-in to an anonymous visitor', () => {
    renderWithApp(<TabBar />);
    const nav = screen.getByRole('navigation', { name: 'Основное меню' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Главная', '/'],
      ['Войти', '/login'],
    ]);
  });

  it('shows the account instead of sign-in when signed in', () => {
    renderWithApp(<TabBar />, { user, token: 'jwt' });
    const nav = screen.getByRole('navigation', { name: 'Основное меню' });
    expect(within(nav).getByRole('link', { name: 'Кабинет' })).toHaveAttribute('href', '/account');
    expect(within(nav).queryByRole('link', { name: 'Войти' })).not.toBeInTheDocument();
  });

  it('is not "signed in" with a user but no token', () => {
    renderWithApp(<TabBar />, { user, token: null });
    expect(screen.getByRole('link', { name: 'Войти' })).toBeInTheDocument();
  });

  it('marks the current tab', () => {
    navigationState.pathname = '/login';
    renderWithApp(<TabBar />);
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Главная' })).not.toHaveAttribute('aria-current');
  });

  it('is marked mobile-only, so the breakpoint style hides it on desktop', () => {
    renderWithApp(<TabBar />);
    expect(screen.getByRole('navigation', { name: 'Основное меню' })).toHaveAttribute('data-only', 'mobile');
  });
});
