import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PhoneForm } from '@/components/account/PhoneForm';
import type { AccountPhoneResource } from '@/lib/api/account';
import ru from '@/messages/ru.json';
import { renderInApp } from '../support/app';
import { apiUrl, setupApiServer } from '../support/msw';
import { sessionUser, signedInAs } from '../support/session';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);

const server = setupApiServer();

const user = sessionUser({ phone: '+79140000001' });
const signedIn = signedInAs(user);
const t = ru.account.phone;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key]);

const codeFor = (phone: string): AccountPhoneResource => ({
  phone: '+79140000001',
  pending_phone: phone,
  code: {
    expires_at: new Date(Date.now() + 300_000).toISOString(),
    resend_after: new Date(Date.now() + 60_000).toISOString(),
    attempts_left: 5,
  },
});

const problem = (errors: Record<string, string[]>) =>
  HttpResponse.json({ type: 'about:blank', title: 'Invalid input', status: 422, errors }, { status: 422 });

describe('the phone number on the account page', { timeout: 20_000 }, () => {
  it('sends a code to a new number, moves focus to the code, counts a wrong code down and shows the number confirmed', async () => {
    const sent: unknown[] = [];
    const codes: unknown[] = [];
    server.use(
      http.get(apiUrl('/users/:id/phone'), () =>
        HttpResponse.json({ data: { phone: '+79140000001', pending_phone: null, code: null } }),
      ),
      http.post(apiUrl('/users/:id/phone'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: codeFor('+79142223344') });
      }),
      http.post(apiUrl('/users/:id/phone/confirm'), async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        codes.push(code);
        if (code !== '246810') return problem({ code: ['Wrong code. 4 attempts left.'] });
        return HttpResponse.json({ data: { phone: '+79142223344', pending_phone: null, code: null } });
      }),
    );
    const { queryClient } = renderInApp(<PhoneForm />, { store: signedIn });
    expect(await screen.findByText(fill(t.confirmed, { phone: '+79140000001' }))).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(t.newPhone), '8 914 222-33-44');
    await userEvent.click(screen.getByRole('button', { name: t.sendCode }));
    await waitFor(() => expect(sent).toEqual([{ phone: '+79142223344' }]));
    expect(await screen.findByText(fill(t.codeSent, { phone: '+79142223344' }))).toBeInTheDocument();
    const codeField = screen.getByLabelText(ru.authForms.code);
    await waitFor(() => expect(codeField).toHaveFocus());
    // Until the code comes back, the confirmed number is still the old one.
    expect(screen.getByRole('status')).toHaveTextContent(fill(t.confirmed, { phone: '+79140000001' }));

    await userEvent.type(codeField, '000000');
    await userEvent.click(screen.getByRole('button', { name: t.confirm }));
    await waitFor(() => expect(codeField).toHaveAttribute('aria-invalid', 'true'));
    expect(codeField).toHaveAccessibleDescription(expect.stringContaining('Неверный код, осталось 4 попытки'));
    expect(codeField).toHaveFocus();

    await userEvent.clear(codeField);
    await userEvent.type(codeField, '246810');
    await userEvent.click(screen.getByRole('button', { name: t.confirm }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(fill(t.confirmed, { phone: '+79142223344' })),
    );
    expect(codes).toEqual(['000000', '246810']);
    expect(screen.queryByLabelText(ru.authForms.code)).not.toBeInTheDocument();
    expect(queryClient.getQueryData(['signed-in', 'phone', 'UserHid'])).toEqual({
      phone: '+79142223344',
      pending_phone: null,
      code: null,
    });
  });

  it("says so next to the field when the number is another account's, and sends nothing more", async () => {
    let requests = 0;
    server.use(
      http.get(apiUrl('/users/:id/phone'), () =>
        HttpResponse.json({ data: { phone: null, pending_phone: null, code: null } }),
      ),
      http.post(apiUrl('/users/:id/phone'), () => {
        requests++;
        return problem({ phone: ['This phone number belongs to another account.'] });
      }),
    );
    renderInApp(<PhoneForm />, {
      store: signedInAs(sessionUser()),
    });
    expect(await screen.findByText(t.none)).toBeInTheDocument();
    const field = screen.getByLabelText(t.phone);
    await userEvent.type(field, '+7 914 555-66-77');
    await userEvent.click(screen.getByRole('button', { name: t.sendCode }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(t.taken)));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());
    expect(requests).toBe(1);
    expect(screen.queryByLabelText(ru.authForms.code)).not.toBeInTheDocument();
  });

  it('offers a code for a number still waiting from before (no live code)', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('/users/:id/phone'), () =>
        HttpResponse.json({ data: { phone: null, pending_phone: '+79145556677', code: null } }),
      ),
      http.post(apiUrl('/users/:id/phone'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: codeFor('+79145556677') });
      }),
    );
    renderInApp(<PhoneForm />, { store: signedIn });
    expect(await screen.findByText(fill(t.waiting, { phone: '+79145556677' }))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.sendCode }));
    await waitFor(() => expect(screen.getByLabelText(ru.authForms.code)).toHaveFocus());
    expect(sent).toEqual([{ phone: '+79145556677' }]);
  });
});
