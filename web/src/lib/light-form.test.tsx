import { act, cleanup } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useLightForm } from './light-form.tsx';

const schema = z.object({ email: z.string().min(1, 'Enter your e-mail'), remember: z.boolean() });
type Values = z.input<typeof schema>;

function SignInLike({ onSend }: { onSend: (v: Values) => void }) {
  const { register, handleSubmit, ready } = useLightForm<Values>({
    schema: async () => schema,
    defaultValues: { email: '', remember: true },
  });
  return (
    <form onSubmit={handleSubmit(onSend)} noValidate>
      <input aria-label="Email" {...register('email')} />
      <input aria-label="Remember me" type="checkbox" {...register('remember')} />
      <button type="submit" disabled={!ready}>
        Sign in
      </button>
    </form>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  cleanup();
});

/** The server's HTML in the page, as the browser has it before the script runs. */
function serverPage(onSend: (v: Values) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<SignInLike onSend={onSend} />);
  document.body.append(container);
  const email = container.querySelector<HTMLInputElement>('input[aria-label="Email"]') as HTMLInputElement;
  const remember = container.querySelector<HTMLInputElement>('input[type="checkbox"]') as HTMLInputElement;
  const button = container.querySelector('button') as HTMLButtonElement;
  return { container, email, remember, button };
}

describe('a light form rendered on the server', () => {
  it('shows its defaults and cannot be sent before the script runs: the submit button is disabled in the server HTML', () => {
    const { button, remember } = serverPage(() => {});
    expect(button.disabled).toBe(true);
    expect(remember.checked).toBe(true);
  });

  it('keeps what the visitor typed before hydration, enables the button after it, and sends the typed values', async () => {
    const onSend = vi.fn();
    const { container, email, remember, button } = serverPage(onSend);
    // The visitor types and unticks before React takes the page over.
    email.value = 'asha@example.com';
    remember.checked = false;
    await act(async () => {
      root = hydrateRoot(container, <SignInLike onSend={onSend} />);
    });
    expect(email.value).toBe('asha@example.com');
    expect(remember.checked).toBe(false);
    expect(button.disabled).toBe(false);
    await act(async () => button.click());
    await vi.waitFor(() => expect(onSend).toHaveBeenCalledWith({ email: 'asha@example.com', remember: false }));
  });

  it('starts from its defaults when nothing was typed before hydration', async () => {
    const onSend = vi.fn();
    const { container, email, remember, button } = serverPage(onSend);
    await act(async () => {
      root = hydrateRoot(container, <SignInLike onSend={onSend} />);
    });
    expect(email.value).toBe('');
    expect(remember.checked).toBe(true);
    await act(async () => button.click());
    expect(onSend).not.toHaveBeenCalled();
  });
});
