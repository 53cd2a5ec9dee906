import { SIGN_IN_RESET_SUGGESTED } from '@app/common/constants';
import { MSG } from '@app/common/messages';
import type { loginBody } from '@app/common/schemas/auth';
import { LogIn } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
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
import { Spinner } from '../../../components/spinner.tsx';

// The parent's path is its own chunk, loaded when chosen: the sign-in page's first script stays as it was
// (scripts/bundle-budget.mjs).
const ParentSignIn = lazy(() => import('./parent-sign-in.tsx'));

/** An Indian mobile number typed where the e-mail goes (10 digits, maybe +91 or 0 before): a parent's sign-in. */
const looksLikePhone = (value: unknown) => typeof value === 'string' && /^(\+?91|0)?[6-9]\d{9}$/.test(value.replace(/[\s-]/g, ''));

type Mode = 'account' | 'parent';

type Form = z.input<typeof loginBody>;

export default function LoginScreen() {
  usePageTitle('Sign in');
  const { login, error, clearError, loading } = useAuth();
  const navigate = useNavigate();
  // docs/product-parents.md "Signing in": "I am a parent" (or /login?as=parent) opens the parent's path.
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('as') === 'parent' ? 'parent' : 'account');
  const [parentPhone, setParentPhone] = useState('');
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
  const { register, handleSubmit, formState, ready, watch } = useLightForm<Form, z.output<typeof loginBody>>({
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
      const user = await login(email, password, remember);
      navigate(user.role === 'parent' ? '/parent' : '/');
    } catch (err) {
      // The message is in the auth state; the reason only adds the hint.
      setSuggestReset(err instanceof ApiError && err.reason === SIGN_IN_RESET_SUGGESTED);
    } finally {
      setSubmitting(false);
    }
  });

  // A phone number where the e-mail goes: the parent's path, with the number carried over.
  const onFormSubmit = (event: FormEvent) => {
    const typed = watch('email');
    if (looksLikePhone(typed)) {
      event.preventDefault();
      clearError();
      setParentPhone(String(typed));
      setMode('parent');
      return;
    }
    return onSubmit(event);
  };

  const busy = submitting || (loading && submitting);
  return (
    <AuthCard
      title="Sign in"
      lead={mode === 'parent' ? 'Parents and guardians sign in with their mobile number.' : 'Students and administrators sign in here.'}
      footer={
        <p className="mt-6 text-center text-sm text-slate-600">
          New here? Accounts are created when an admission is approved.{' '}
          <Link to="/admission-request" className="font-medium text-brand-700 hover:underline">
            Request admission
          </Link>
        </p>
      }
    >
      <fieldset className="mt-6">
        <legend className="sr-only">Who is signing in</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 text-sm font-medium">
          {(
            [
              ['account', 'Student or staff'],
              ['parent', 'I am a parent'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={mode === value}
              onClick={() => {
                setMode(value);
                clearError();
              }}
              className={`rounded-md px-3 py-2 ${mode === value ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
            >
              {label}
            </button>
          ))}
        </div>
      </fieldset>
      {mode === 'parent' ? (
        <Suspense
          fallback={
            <div className="flex justify-center py-8">
              <Spinner />
            </div>
          }
        >
          <ParentSignIn initialPhone={parentPhone} />
        </Suspense>
      ) : (
        <form onSubmit={onFormSubmit} noValidate className="mt-6 flex flex-col gap-4">
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
      )}
    </AuthCard>
  );
}
