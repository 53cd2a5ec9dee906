import type { loginBody } from '@app/common/schemas/auth';
import { Eye, EyeOff, LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useAuth } from '../../lib/auth.tsx';
import { useLightForm } from '../../lib/light-form.tsx';
import { forgetSignOutReason, signOutMessage } from '../../lib/sign-out-reason.ts';
import { buttonClass, Field, FormAlert } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';

type Form = z.input<typeof loginBody>;

export default function LoginPage() {
  usePageTitle('Sign in');
  const { login, error, clearError, loading } = useAuth();
  const navigate = useNavigate();
  const [showPassword, setShowPassword] = useState(false);
  const [remember, setRemember] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  // Why the server ended the last session (deactivated, signed out elsewhere), said once.
  const [endedNotice] = useState(signOutMessage);
  useEffect(() => forgetSignOutReason(), []);
  const { register, handleSubmit, formState } = useLightForm<Form, z.output<typeof loginBody>>({
    schema: () => import('@app/common/schemas/auth').then((m) => m.loginBody),
    defaultValues: { email: '', password: '' },
  });

  // Typing in the login form clears the error (docs/product.md section 4).
  const clearOnType = { onChange: () => error && clearError() };

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setSubmitting(true);
    try {
      await login(email, password, remember);
      navigate('/');
    } catch {
      // the message is in the auth state
    } finally {
      setSubmitting(false);
    }
  });

  const busy = submitting || (loading && submitting);
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-xl bg-white p-8 shadow-md">
        <h1 className="text-2xl font-bold text-brand-800">Sign in</h1>
        <p className="mt-1 text-sm text-slate-600">Students and administrators sign in here.</p>
        <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
          {error ? <FormAlert>{error}</FormAlert> : endedNotice && <FormAlert>{endedNotice}</FormAlert>}
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            error={formState.errors.email?.message}
            {...register('email', clearOnType)}
          />
          <div className="relative">
            <Field
              label="Password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              className="w-full pr-12"
              error={formState.errors.password?.message}
              {...register('password', clearOnType)}
            />
            <button
              type="button"
              className="absolute right-2 top-7 rounded p-1.5 text-slate-500 hover:text-slate-800"
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((s) => !s)}
            >
              {showPassword ? <EyeOff aria-hidden="true" className="h-5 w-5" /> : <Eye aria-hidden="true" className="h-5 w-5" />}
            </button>
          </div>
          <div className="flex items-center justify-between text-sm">
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} className="h-4 w-4" />
              Remember me
            </label>
            <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </div>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            <LogIn aria-hidden="true" className="h-4 w-4" />
            {busy ? 'Signing in...' : 'Sign in'}
          </button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-600">
          New here? Accounts are created when an admission is approved.{' '}
          <Link to="/admission-request" className="font-medium text-brand-700 hover:underline">
            Request admission
          </Link>
        </p>
      </div>
    </section>
  );
}
