import { zodResolver } from '@hookform/resolvers/zod';
import { MIN_PASSWORD_LENGTH } from '@app/common/constants';
import { MSG } from '@app/common/messages';
import { changePasswordBody } from '@app/common/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ApiError, api, errorMessage } from '../../lib/api-client.ts';
import { dashboardPath, useAuth } from '../../lib/auth.tsx';
import { buttonClass, FormAlert } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { PasswordField } from './components/password-field.tsx';

type Form = z.input<typeof changePasswordBody>;
type Answer = { message: string; token: string };
const empty: Form = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = Object.keys(empty) as (keyof Form)[];

/** A signed-in student or staff member changes their own password (docs/product.md sections 2 and 4). */
export default function ChangePasswordPage() {
  usePageTitle('Change password');
  const { user, renewToken } = useAuth();
  const { register, handleSubmit, formState, reset, setError } = useForm<Form>({
    resolver: zodResolver(changePasswordBody),
    defaultValues: empty,
  });
  const change = useMutation({
    mutationFn: (body: Form) => api<Answer>('/api/auth/change-password', { method: 'POST', body }),
    onSuccess: (data) => {
      // Every other session has ended; this one goes on with the token the server gave it.
      renewToken(data.token);
      reset(empty);
    },
    onError: (err) => {
      if (!(err instanceof ApiError) || !err.fields) return;
      for (const [name, message] of Object.entries(err.fields)) {
        if ((FIELDS as string[]).includes(name)) setError(name as keyof Form, { message });
      }
    },
  });
  const e = formState.errors;
  // A message the fields already show is not repeated above them.
  const showAlert = change.isError && !(change.error instanceof ApiError && change.error.fields);

  return (
    <section className="mx-auto max-w-md px-4 py-8">
      <Link to={dashboardPath(user?.role)} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to dashboard
      </Link>
      <div className="mt-4 rounded-xl bg-white p-6 shadow-md sm:p-8">
        <h1 className="flex items-center gap-2 text-2xl font-bold text-brand-800">
          <KeyRound aria-hidden="true" className="h-6 w-6" /> Change password
        </h1>
        <p className="mt-1 text-sm text-slate-600">You stay signed in here; every other device you are signed in on is signed out.</p>
        <form onSubmit={handleSubmit((v) => change.mutate(v))} noValidate className="mt-6 flex flex-col gap-4">
          {showAlert && <FormAlert>{errorMessage(change.error, MSG.changePasswordError)}</FormAlert>}
          {change.isSuccess && <FormAlert tone="success">{change.data.message}</FormAlert>}
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            error={e.currentPassword?.message}
            {...register('currentPassword')}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            error={e.newPassword?.message}
            hint={<p className="text-xs text-slate-500">At least {MIN_PASSWORD_LENGTH} characters; not a common password.</p>}
            {...register('newPassword')}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            error={e.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <button type="submit" className={buttonClass.primary} disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </button>
        </form>
      </div>
    </section>
  );
}
