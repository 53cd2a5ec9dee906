import { SIGN_IN_RESET_SUGGESTED } from '@app/common/constants';
import { MSG } from '@app/common/messages';
import type { loginBody } from '@app/common/schemas/auth';
import { LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useLightForm } from '../../../lib/light-form.tsx';
import { signOutMessage } from '../../../lib/sign-out-message.ts';
import { forgetSignOutReason } from '../../../lib/sign-out-reason.ts';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';

type Form = z.input<typeof loginBody>;

export default function LoginScreen() {
  usePageTitle('Sign in');
  const { login, error, clearError, loading } = useAuth();
  const navigate = useNavigate();
  const [remember, setRemember] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  // The server's brake on guessing from many addresses: the wrong password's message, plus a way out.
  const [suggestReset, setSuggestReset] = useState(false);
  // Why the server ended the last session (deactivated, signed out elsewhere), said once. Read after the
  // first render: the server rendered this page without it, and the first render must match (hydration).
  const [endedNotice, setEndedNotice] = useState<string | null>(null);
  useEffect(() => {
    const notice = signOutMessage();
    if (notice) setEndedNotice(notice);
    forgetSignOutReason();
  }, []);
  const { register, handleSubmit, formState, ready } = useLightForm<Form, z.output<typeof loginBody>>({
    schema: () => import('@app/common/schemas/auth').then((m) => m.loginBody),
    defaultValues: { email: '', password: '' },
  });

  // Typing in the login form clears the error (docs/product.md section 4).
  const clearOnType = {
    onChange: () => {
      if (error) clearError();
      setSuggestReset(false);
    },
  };

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setSubmitting(true);
    setSuggestReset(false);
    try {
      await login(email, password, remember);
      navigate('/');
    } catch (err) {
      // The message is in the auth state; the reason only adds the hint.
      setSuggestReset(err instanceof ApiError && err.reason === SIGN_IN_RESET_SUGGESTED);
    } finally {
      setSubmitting(false);
    }
  });

  const busy = submitting || (loading && submitting);
  return (
    <AuthCard
      title="Sign in"
      lead="Students and administrators sign in here."
      footer={
        <p className="mt-6 text-center text-sm text-slate-600">
          New here? Accounts are created when an admission is approved.{' '}
          <Link to="/admission-request" className="font-medium text-brand-700 hover:underline">
            Request admission
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
        {error ? (
          <FormAlert>
            {error}
            {suggestReset && (
              <span className="mt-1 block">
                {MSG.signInResetHint}{' '}
                <Link to="/forgot-password" className="font-semibold underline">
                  Reset your password
                </Link>
              </span>
            )}
          </FormAlert>
        ) : (
          endedNotice && <FormAlert>{endedNotice}</FormAlert>
        )}
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email', clearOnType)}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password', clearOnType)}
        />
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} className="h-4 w-4" />
            Remember me
          </label>
          <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <button type="submit" className={buttonClass.primary} disabled={busy || !ready}>
          <LogIn aria-hidden="true" className="h-4 w-4" />
          {busy ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </AuthCard>
  );
}
