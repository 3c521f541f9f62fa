import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CookieNotice } from '@/components/layout/CookieNotice';
import { renderWithApp } from '../support/render';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);

/** The notice with the page's footer after it, as the layout renders them. */
const noticeAndFooter = (
  <>
    <CookieNotice />
    <footer />
  </>
);

const reservedSpace = () => document.querySelector('footer')?.style.getPropertyValue('--cookie-notice-space') ?? '';

describe('cookie notice', () => {
  it('asks a new visitor and is gone for good after «Принять»', async () => {
    const { unmount } = renderWithApp(<CookieNotice />);
    expect(screen.getByText(/используем файлы cookie/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Принять' }));

    expect(screen.queryByRole('button', { name: 'Принять' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('cookieAccepted')).toBe('true');

    unmount();
    renderWithApp(<CookieNotice />);
    expect(screen.queryByRole('button', { name: 'Принять' })).not.toBeInTheDocument();
  });

  it('makes room for itself at the end of the page while shown, so the footer’s controls stay reachable', async () => {
    renderWithApp(noticeAndFooter);
    expect(reservedSpace()).toMatch(/^calc\(\d+px \+ 2 \* var\(--space-3\)\)$/);

    await userEvent.click(screen.getByRole('button', { name: 'Принять' }));
    expect(reservedSpace()).toBe('');
  });

  it('stays hidden for a visitor who accepted earlier', () => {
    window.localStorage.setItem('cookieAccepted', 'true');
    renderWithApp(noticeAndFooter);
    expect(screen.queryByText(/используем файлы cookie/)).not.toBeInTheDocument();
    expect(reservedSpace()).toBe('');
  });
});
