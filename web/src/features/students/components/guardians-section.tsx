import { formatDateTime } from '@app/common/rules/dates';
import {
  GUARDIAN_RELATIONS,
  type Guardian,
  type GuardianInput,
  guardianInput,
  MAX_GUARDIANS,
  PARENT_MSG,
} from '@app/common/schemas/parents';
import { Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Badge } from '../../../components/badge.tsx';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { SelectField } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formResolver } from '../../../lib/form-resolver.ts';
import { usePermissions } from '../../../lib/permissions.ts';
import { useGuardianAlerts, useGuardians, useSaveGuardians } from '../api/guardians.ts';

const card = 'rounded-xl bg-white p-6 shadow-sm';
const relationOptions = [{ value: '', label: 'Select a relation' }, ...GUARDIAN_RELATIONS.map((r) => ({ value: r, label: r }))];
const CHANNEL = { sms: 'SMS', whatsapp: 'WhatsApp', email: 'E-mail' } as const;

type Line = { name: string; relation: string; phone: string; email: string };
type Values = { guardians: Line[] };
const formSchema = z.object({ guardians: z.array(guardianInput).max(MAX_GUARDIANS, PARENT_MSG.guardiansTooMany) });
const blankLine: Line = { name: '', relation: '', phone: '', email: '' };
const toLine = (g: Guardian): Line => ({ name: g.name, relation: g.relation, phone: g.phone ?? '', email: g.email ?? '' });

/** Edit: up to two guardians (PUT /api/users/{id}/guardians); the parent accounts are made or linked on save. */
function EditGuardians({ studentId, current, onClose }: { studentId: string; current: Guardian[]; onClose: () => void }) {
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

function Alerts({ studentId }: { studentId: string }) {
  const alerts = useGuardianAlerts(studentId);
  return (
    <div className="mt-5">
      <h3 className="text-sm font-semibold text-slate-700">Alerts sent to guardians</h3>
      <QueryState
        query={alerts}
        compact
        loadingText="Loading alerts..."
        errorText={(err) => errorMessage(err, 'Failed to load the alerts')}
        isEmpty={(list) => list.length === 0}
        empty={<p className="mt-1 text-sm text-slate-600">No alert sent yet.</p>}
      >
        {(list) => (
          <ul className="mt-1 divide-y divide-slate-100 text-sm" aria-label="Alerts sent to guardians">
            {list.map((a) => (
              <li key={a._id} className="py-2">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900">{a.guardian}</span>
                  <Badge tone="blue">{CHANNEL[a.channel]}</Badge>
                  <Badge tone={a.status === 'sent' ? 'green' : a.status === 'failed' ? 'red' : 'slate'}>{a.status}</Badge>
                  <span className="text-xs text-slate-500">{formatDateTime(a.createdAt)}</span>
                </span>
                <span className="block break-words text-slate-700">
                  {a.kind}: {a.text}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

/**
 * Guardians on the student detail page (docs/product-parents.md "Guardians"): who they are, when the parent
 * last signed in, Edit for staff who manage students, and the alerts sent to them.
 */
export function GuardiansSection({ studentId }: { studentId: string }) {
  const { can } = usePermissions();
  const guardians = useGuardians(studentId);
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby="guardians" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="guardians" className="flex items-center gap-2 text-lg font-semibold text-slate-800">
          <Users aria-hidden="true" className="h-5 w-5" /> Guardians
        </h2>
        {can('students.manage') && guardians.data && (
          <button type="button" className={buttonClass.secondary} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="h-4 w-4" /> Edit guardians
          </button>
        )}
      </div>
      <div className="mt-3">
        <QueryState
          query={guardians}
          compact
          loadingText="Loading guardians..."
          errorText={(err) => errorMessage(err, 'Failed to load the guardians')}
          isEmpty={(list) => list.length === 0}
          empty={<p className="text-sm text-slate-600">No guardian on this record.</p>}
        >
          {(list) => (
            <ul className="grid gap-3 sm:grid-cols-2" aria-label="Guardians">
              {list.map((g) => (
                <li key={g._id} className="rounded-lg border border-slate-200 p-4 text-sm">
                  <p className="font-semibold text-slate-900">
                    {g.name} <span className="font-normal text-slate-600">({g.relation})</span>
                  </p>
                  <p className="text-slate-700">{g.phone ?? 'No mobile'}</p>
                  {g.email && <p className="break-words text-slate-700">{g.email}</p>}
                  <p className="mt-1 text-xs text-slate-500">
                    {g.parentId === null
                      ? 'No parent sign-in yet'
                      : g.lastLogin
                        ? `Last sign-in ${formatDateTime(g.lastLogin)}`
                        : 'Never signed in'}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
      <Alerts studentId={studentId} />
      {editing && guardians.data && <EditGuardians studentId={studentId} current={guardians.data} onClose={() => setEditing(false)} />}
    </section>
  );
}
