import { zodResolver } from '@hookform/resolvers/zod';
import { type Centre, type CentreContactBody, centreContactBody } from '@app/common/schemas/centres';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useCentres } from '../../../api/centres.ts';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { TextAreaField } from '../../../components/form-controls.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSaveCentre } from '../api/save-centre.ts';

/** One centre's address and phone, saved on its own. */
function CentreForm({ centre }: { centre: Centre }) {
  const { register, handleSubmit, reset, setError, formState } = useForm<CentreContactBody>({
    resolver: zodResolver(centreContactBody),
    defaultValues: { address: centre.address, phone: centre.phone },
  });
  const save = useSaveCentre();
  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { id: centre.id, body },
      {
        onSuccess: (saved) => {
          reset({ address: saved.address, phone: saved.phone });
          toast.success(`${saved.name} saved`);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) {
            for (const [name, message] of Object.entries(err.fields)) setError(name as keyof CentreContactBody, { message });
          }
        },
      },
    ),
  );
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={centre.name} className="grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-2">
      <h3 className="font-semibold text-slate-800 sm:col-span-2">{centre.name}</h3>
      {save.isError && !(save.error instanceof ApiError && save.error.fields) && (
        <div className="sm:col-span-2">
          <FormAlert>{errorMessage(save.error, 'Could not save the centre. Please try again.')}</FormAlert>
        </div>
      )}
      <div className="sm:col-span-2">
        <TextAreaField label={`${centre.name} address`} rows={2} error={e.address?.message} {...register('address')} />
      </div>
      <Field label={`${centre.name} phone`} type="tel" error={e.phone?.message} {...register('phone')} />
      <div className="flex items-end justify-end">
        <button type="submit" className={buttonClass.secondary} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Centre'}
        </button>
      </div>
    </form>
  );
}

/** The centres' addresses and phones (shown on the home and About pages, the footer and admission forms). */
export function CentreContacts() {
  const centres = useCentres();
  return (
    <section aria-labelledby="centres-title" className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="centres-title" className="text-lg font-semibold text-slate-800">
        Centres
      </h2>
      <p className="text-sm text-slate-600">Each centre's address and phone, as the public pages and the admission forms show them.</p>
      <QueryState
        query={centres}
        compact
        loadingText="Loading centres..."
        errorText={(e) => errorMessage(e, 'Could not load the centres.')}
      >
        {(list) => (
          <div className="flex flex-col gap-4">
            {list.map((c) => (
              <CentreForm key={c.id} centre={c} />
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}
