import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '@app/common/messages';
import { createAdminBody } from '@app/common/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { api, errorMessage } from '../../lib/api-client.ts';
import { buttonClass, Field, FormAlert } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { PersonFields } from '../../components/person-fields.tsx';

type Form = z.input<typeof createAdminBody>;
const empty: Form = { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' };

export default function CreateAdminPage() {
  usePageTitle('Create New Admin');
  const { register, handleSubmit, formState, reset } = useForm<Form>({ resolver: zodResolver(createAdminBody), defaultValues: empty });
  const create = useMutation({
    mutationFn: (body: Form) => api<{ message: string }>('/api/auth/create-admin', { method: 'POST', body }),
    onSuccess: (data) => {
      toast.success(data.message);
      reset(empty);
    },
  });
  const e = formState.errors;
  return (
    <section className="mx-auto max-w-2xl px-4 py-8">
      <Link to="/admin/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to dashboard
      </Link>
      <div className="mt-4 rounded-xl bg-white p-8 shadow-md">
        <h1 className="text-2xl font-bold text-brand-800">Create New Admin</h1>
        <p className="mt-3 flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <ShieldCheck aria-hidden="true" className="h-5 w-5 shrink-0" />
          New admins get full privileges, including creating courses, managing students and creating other admins.
        </p>
        <form onSubmit={handleSubmit((v) => create.mutate(v))} noValidate className="mt-6 grid gap-4 sm:grid-cols-2">
          {create.isError && (
            <div className="sm:col-span-2">
              <FormAlert>{errorMessage(create.error, MSG.createAdminFailed)}</FormAlert>
            </div>
          )}
          {create.isSuccess && (
            <div className="sm:col-span-2">
              <FormAlert tone="success">{create.data.message}</FormAlert>
            </div>
          )}
          <PersonFields field={(name) => register(name)} errors={e} />
          <Field
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            error={e.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <div className="sm:col-span-2">
            <button type="submit" className={buttonClass.primary} disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Admin'}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
