import { PARENT_MSG } from '@app/common/schemas/parents';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setApiTransport } from '../../../lib/api-client.ts';
import { AuthProvider } from '../../../lib/auth.tsx';
import { tokenStore } from '../../../lib/token-store.ts';
import ParentSignIn from './parent-sign-in.tsx';

// docs/product-parents.md "Signing in": mobile number, then the 6-digit code (or the password), each
// refusal shown as the server says it.

type Call = { path: string; body: unknown };
let calls: Call[] = [];
let answer: (path: string, body: unknown) => { status: number; body: unknown };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  tokenStore.clear();
  setApiTransport(async (path, init) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    const a = answer(path, body);
    return json(a.status, a.body);
  });
});
afterEach(() => {
  cleanup();
  tokenStore.clear();
});

const parentUser = {
  _id: 'p1',
  firstName: 'Meera',
  lastName: 'Das',
  fullName: 'Meera Das',
  email: null,
  phone: '+919876500001',
  role: 'parent',
};

function show() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <AuthProvider>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route path="/login" element={<ParentSignIn />} />
            <Route path="/parent" element={<p>Parent area</p>} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const phoneField = () => screen.getByLabelText('Mobile number') as HTMLInputElement;

describe('the parent code sign-in', () => {
  it('refuses a number that is not an Indian mobile without calling the server', async () => {
    answer = () => ({ status: 202, body: { message: PARENT_MSG.codeSent } });
    show();
    fireEvent.change(phoneField(), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(PARENT_MSG.phoneInvalid)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the code, asks for it as a one-time code, and signs in to /parent', async () => {
    answer = (path) =>
      path === '/api/auth/parent/code'
        ? { status: 202, body: { message: PARENT_MSG.codeSent } }
        : { status: 200, body: { token: 'tok-1', user: parentUser } };
    show();
    fireEvent.change(phoneField(), { target: { value: '98765 00001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(PARENT_MSG.codeSent)).toBeTruthy();
    expect(calls[0]).toEqual({ path: '/api/auth/parent/code', body: { phone: '+919876500001' } });
    const code = screen.getByLabelText('6-digit code') as HTMLInputElement;
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(phoneField().readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();

    fireEvent.change(code, { target: { value: '12a' } });
    expect(code.value).toBe('12');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(PARENT_MSG.codeInvalid)).toBeTruthy();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Parent area')).toBeTruthy();
    expect(calls[1]).toEqual({ path: '/api/auth/parent/verify', body: { phone: '+919876500001', code: '123456' } });
    expect(tokenStore.get()).toBe('tok-1');
  });

  it("shows the server's 401 and 429 messages, and a resent code asks again", async () => {
    let verifyStatus = 401;
    answer = (path) =>
      path === '/api/auth/parent/code'
        ? { status: 202, body: { message: PARENT_MSG.codeSent } }
        : verifyStatus === 401
          ? { status: 401, body: { message: PARENT_MSG.codeWrong } }
          : { status: 429, body: { message: PARENT_MSG.tooManyTries } };
    show();
    fireEvent.change(phoneField(), { target: { value: '9876500001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const code = (await screen.findByLabelText('6-digit code')) as HTMLInputElement;
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(PARENT_MSG.codeWrong);
    verifyStatus = 429;
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(PARENT_MSG.tooManyTries));
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/parent/code')).toHaveLength(2));
    expect(tokenStore.get()).toBeNull();
  });

  it('signs in with a password instead', async () => {
    answer = () => ({ status: 200, body: { token: 'tok-2', user: parentUser } });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Use a password instead' }));
    fireEvent.change(phoneField(), { target: { value: '+91 98765 00001' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret-Pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Parent area')).toBeTruthy();
    expect(calls[0]).toEqual({ path: '/api/auth/parent/login', body: { phone: '+919876500001', password: 'Secret-Pass-1' } });
  });
});
