import { MSG } from '@app/common/messages';
import type { forgotPasswordBody } from '@app/common/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useLightForm } from '../../lib/light-form.tsx';
import { buttonClass, Field, FormAlert } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { AuthCard } from './components/auth-card.tsx';

type Form = z.input<typeof forgotPasswordBody>;

export default function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const { register, handleSubmit, watch, formState, ready } = useLightForm<Form, z.output<typeof forgotPasswordBody>>({
    schema: () => import('@app/common/schemas/auth').then((m) => m.forgotPasswordBody),
    defaultValues: { email: '' },
  });
  const send = useMutation({
    mutationFn: (body: z.output<typeof forgotPasswordBody>) =>
      api<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body }),
  });
  const email = watch('email');
  return (
    <AuthCard title="Forgot password" lead="Enter the e-mail address of your account and we will send you a link to choose a new password.">
      <form onSubmit={handleSubmit((v) => send.mutate(v))} noValidate className="mt-6 flex flex-col gap-4">
        {send.isSuccess && <FormAlert tone="success">{send.data.message || MSG.forgotSent}</FormAlert>}
        {send.isError && <FormAlert>{errorMessage(send.error, MSG.forgotError)}</FormAlert>}
        <Field label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
        {/* Submit is disabled while the field is empty or the request is under way (docs/product.md section 2). */}
        <button type="submit" className={buttonClass.primary} disabled={!ready || !email?.trim() || send.isPending}>
          {send.isPending ? 'Sending...' : 'Send reset link'}
        </button>
      </form>
    </AuthCard>
  );
}
