import {
  GUARDIAN_RELATIONS,
  type Guardian,
  type GuardianInput,
  guardianInput,
  MAX_GUARDIANS,
  PARENT_MSG,
} from '@app/common/schemas/parents';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { SelectField } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formResolver } from '../../../lib/form-resolver.ts';
import { useSaveGuardians } from '../api/guardians.ts';

// Loaded on its first opening (web/src/components/lazy-dialog.tsx): react-hook-form and the schemas stay out
// of the student page's first JavaScript.

const relationOptions = [{ value: '', label: 'Select a relation' }, ...GUARDIAN_RELATIONS.map((r) => ({ value: r, label: r }))];

type Line = { name: string; relation: string; phone: string; email: string };
type Values = { guardians: Line[] };
const formSchema = z.object({ guardians: z.array(guardianInput).max(MAX_GUARDIANS, PARENT_MSG.guardiansTooMany) });
const blankLine: Line = { name: '', relation: '', phone: '', email: '' };
const toLine = (g: Guardian): Line => ({ name: g.name, relation: g.relation, phone: g.phone ?? '', email: g.email ?? '' });

/** Edit: up to two guardians (PUT /api/users/{id}/guardians); the parent accounts are made or linked on save. */
export default function EditGuardiansDialog({
  studentId,
  current,
  onClose,
}: {
  studentId: string;
  current: Guardian[];
  onClose: () => void;
}) {
  const save = useSaveGuardians(studentId);
  const { register, control, handleSubmit, formState, setError } = useForm<Values, unknown, { guardians: GuardianInput[] }>({
    resolver: formResolver(formSchema),
    defaultValues: { guardians: current.map(toLine) },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'guardians' });
  const e = formState.errors.guardians;
  const submit = handleSubmit((body) =>
    save.mutate(body.guardians, {
      onSuccess: () => {
        toast.success(PARENT_MSG.guardiansSaved);
        onClose();
      },
      onError: (err) => {
        // The server names a field as "0.phone" (or "guardians.0.phone").
        if (err instanceof ApiError && err.fields)
          for (const [name, message] of Object.entries(err.fields)) {
            const path = name.startsWith('guardians.') ? name : `guardians.${name}`;
            setError(path as never, { message });
          }
      },
    }),
  );
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Edit guardians"
      description="Each guardian with a mobile number or e-mail gets a parent's sign-in linked to this student."
      size="lg"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="guardians-form" className={buttonClass.primary} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save guardians'}
          </button>
        </>
      }
    >
      <form id="guardians-form" onSubmit={submit} noValidate className="flex flex-col gap-5">
        {save.isError && !(save.error instanceof ApiError && save.error.fields) && (
          <FormAlert>{errorMessage(save.error, 'Could not save the guardians')}</FormAlert>
        )}
        {fields.length === 0 && <p className="text-sm text-slate-600">No guardian on this record.</p>}
        {fields.map((f, i) => (
          <fieldset key={f.id} className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
            <legend className="px-1 text-sm font-semibold text-slate-700">Guardian {i + 1}</legend>
            <Field label="Name" error={e?.[i]?.name?.message} {...register(`guardians.${i}.name`)} />
            <SelectField
              label="Relation"
              options={relationOptions}
              error={e?.[i]?.relation?.message}
              {...register(`guardians.${i}.relation`)}
            />
            <Field label="Mobile" type="tel" inputMode="tel" error={e?.[i]?.phone?.message} {...register(`guardians.${i}.phone`)} />
            <Field label="E-mail (optional)" type="email" error={e?.[i]?.email?.message} {...register(`guardians.${i}.email`)} />
            <div className="sm:col-span-2">
              <button
                type="button"
                className="inline-flex items-center gap-1 text-sm font-medium text-red-700 hover:underline"
                onClick={() => remove(i)}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" /> Remove guardian {i + 1}
              </button>
            </div>
          </fieldset>
        ))}
        {e?.root?.message && <p className="text-sm text-red-700">{e.root.message}</p>}
        {fields.length < MAX_GUARDIANS && (
          <button type="button" className={`${buttonClass.secondary} self-start`} onClick={() => append(blankLine)}>
            <Plus aria-hidden="true" className="h-4 w-4" /> {fields.length === 0 ? 'Add a guardian' : 'Add a second guardian'}
          </button>
        )}
      </form>
    </Modal>
  );
}
