import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import GlobalError from '@/app/global-error';
import { LazyRouteError } from '@/components/errors/LazyRouteError';
import { RouteError } from '@/components/errors/RouteError';
import { DATABASE_UNAVAILABLE_DIGEST } from '@/lib/http/errors';
import { renderWithApp } from '../support/render';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);

describe('route error boundary', () => {
  it("shows the error's own message and status, and retries on request", async () => {
    const reset = vi.fn();
    renderWithApp(
      <RouteError error={Object.assign(new Error('Идея снята с публикации'), { status: 410 })} reset={reset} />,
    );
    expect(screen.getByText('Идея снята с публикации')).toBeInTheDocument();
    expect(screen.getByText('410')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать ещё раз' }));
    expect(reset).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Назад' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
  });

  it('falls back to status 500 and a friendly line when the error says nothing', () => {
    renderWithApp(<RouteError error={new Error('')} reset={() => {}} />);
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByText('Не получилось показать страницу. Попробуйте ещё раз.')).toBeInTheDocument();
  });

  it('shows the 503 page when the server could not load the page because the database is down', () => {
    // In production the browser gets only the digest of a server error, not its message.
    const error = Object.assign(new Error('An error occurred in the Server Components render.'), {
      digest: DATABASE_UNAVAILABLE_DIGEST,
    });
    renderWithApp(<RouteError error={error} reset={() => {}} />);
    expect(screen.getByText('503')).toBeInTheDocument();
    expect(screen.getByText('Идут технические работы')).toBeInTheDocument();
    expect(screen.getByText('Сопка скоро вернётся. Загляните через несколько минут.')).toBeInTheDocument();
  });

  it("is what every route group's error.tsx shows, though its code is not in the page's first load", async () => {
    const reset = vi.fn();
    renderWithApp(
      <LazyRouteError error={Object.assign(new Error('Идея снята с публикации'), { status: 410 })} reset={reset} />,
    );
    expect(await screen.findByText('Идея снята с публикации')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать ещё раз' }));
    expect(reset).toHaveBeenCalledOnce();
  });
});

describe('global error fallback', () => {
  it('reads "An error occurred while showing the error page" with a link home', () => {
    // The component renders its own <html>; mounting it in a div is enough to read its text.
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<GlobalError />, { container: document.documentElement });
    spy.mockRestore();
    expect(screen.getByRole('heading', { name: 'An error occurred while showing the error page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
