import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordBody } from '@app/common/schemas/auth';
import { RESET_REDIRECT_DELAY_MS } from '@app/common/constants';
import { MSG } from '@app/common/messages';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ApiError, api, errorMessage } from '../../lib/api-client.ts';
import { buttonClass, Field, FormAlert } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { AuthCard } from './components/auth-card.tsx';

type Form = z.input<typeof resetPasswordBody>;

export default function ResetPasswordPage() {
  usePageTitle('Reset password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<Form>({ resolver: zodResolver(resetPasswordBody) });
  const reset = useMutation({
    mutationFn: (body: Form) =>
      api<{ message: string }>(`/api/auth/reset-password/${encodeURIComponent(token)}`, { method: 'POST', body, skipAuthRedirect: true }),
  });

  // On success, go to /login after 3 seconds (docs/product.md section 4).
  useEffect(() => {
    if (!reset.isSuccess) return;
    const t = setTimeout(() => navigate('/login'), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [reset.isSuccess, navigate]);

  return (
    <AuthCard title="Choose a new password">
      {reset.isSuccess ? (
        <div className="mt-6 flex flex-col gap-4">
          <FormAlert tone="success">{MSG.resetSuccess}</FormAlert>
          <p className="text-sm text-slate-600">Taking you to the sign-in page...</p>
        </div>
      ) : (
        <form onSubmit={handleSubmit((v) => reset.mutate(v))} noValidate className="mt-6 flex flex-col gap-4">
          {reset.isError && (
            <FormAlert>
              {errorMessage(reset.error, MSG.resetError)}
              {/* An expired or used link is a dead end without a way to ask for another. */}
              {!(reset.error instanceof ApiError && reset.error.fields) && (
                <>
                  {' '}
                  <Link to="/forgot-password" className="font-semibold underline">
                    Request a new link
                  </Link>
                </>
              )}
            </FormAlert>
          )}
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            error={formState.errors.password?.message}
            {...register('password')}
          />
          <Field
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={formState.errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <button type="submit" className={buttonClass.primary} disabled={reset.isPending}>
            {reset.isPending ? 'Resetting...' : 'Reset password'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
