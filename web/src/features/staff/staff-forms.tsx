import { zodResolver } from '@hookform/resolvers/zod';
import { CENTRE_IDS, type CentreId } from '@app/common/constants';
import { isCentreScopedRole, ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@app/common/permissions';
import { centresProblem, type CreateStaffBody, createStaffBody, type StaffMember } from '@app/common/schemas/staff';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useCentres } from '../../api/centres.ts';
import { buttonClass, FormAlert } from '../../components/field.tsx';
import { SelectField } from '../../components/form-controls.tsx';
import { Modal } from '../../components/modal.tsx';
import { PersonFields } from '../../components/person-fields.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useCreateStaff, useUpdateStaff } from './api.ts';

const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** What each role may do, in a sentence (the table in docs/product-staff.md). */
const ROLE_HINTS: Record<StaffRole, string> = {
  admin: 'Everything, including staff, the audit trail and settings.',
  centre_manager: 'Admissions, students, batches, attendance, payments and collections of their centres only.',
  faculty: 'Exams, evaluation, results, question bank, materials and attendance of the classes they teach. Never money.',
  accountant: 'Payments, refunds, counter payments, invoices, coupons and collection reports. Never exams or marks.',
  counsellor: 'The admissions desk of their centres: enquiries, follow-ups and the funnel. Never students’ records or money.',
};

function CentreChoices({ value, onChange, error }: { value: string[]; onChange: (v: string[]) => void; error?: string }) {
  const centres = useCentres();
  const name = (id: string) => centres.data?.find((c) => c.id === id)?.name ?? id;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-700">Centres</legend>
      <div className="flex flex-wrap gap-4">
        {CENTRE_IDS.map((id) => (
          <label key={id} className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={value.includes(id)}
              onChange={(e) => onChange(e.target.checked ? [...value, id] : value.filter((c) => c !== id))}
            />
            {name(id)}
          </label>
        ))}
      </div>
      {error && (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const empty: CreateStaffBody = { firstName: '', lastName: '', email: '', phone: '', password: '', role: 'faculty', centres: [] };

/** Create a staff member with a role (and centres for a centre manager). */
export function CreateStaffModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateStaff();
  const { register, handleSubmit, formState, reset, watch, setValue } = useForm<CreateStaffBody>({
    resolver: zodResolver(createStaffBody),
    defaultValues: empty,
  });
  const role = watch('role') as StaffRole;
  const centres = (watch('centres') ?? []) as string[];
  const e = formState.errors;
  const close = (next: boolean) => {
    if (create.isPending) return;
    if (!next) {
      reset(empty);
      create.reset();
    }
    onOpenChange(next);
  };
  const submit = handleSubmit((v) =>
    create.mutate(
      { ...v, centres: isCentreScopedRole(v.role) ? v.centres : undefined },
      {
        onSuccess: (r) => {
          toast.success(`${r.staff.fullName} added as ${ROLE_LABELS[r.staff.role]}`);
          close(false);
        },
      },
    ),
  );
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Add staff member"
      size="lg"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => close(false)} disabled={create.isPending}>
            Cancel
          </button>
          <button type="submit" form="create-staff" className={buttonClass.primary} disabled={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add staff member'}
          </button>
        </>
      }
    >
      <form id="create-staff" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        {create.isError && (
          <div className="sm:col-span-2">
            <FormAlert>{errorMessage(create.error, 'The staff member could not be added.')}</FormAlert>
          </div>
        )}
        <PersonFields field={(name) => register(name)} errors={e} />
        <div>
          <SelectField label="Role" options={ROLE_OPTIONS} error={e.role?.message} {...register('role')} />
          <p className="mt-1 text-xs text-slate-600">{ROLE_HINTS[role] ?? ''}</p>
        </div>
        {isCentreScopedRole(role) && (
          <div className="sm:col-span-2">
            <CentreChoices
              value={centres}
              onChange={(v) => setValue('centres', v as CentreId[], { shouldValidate: formState.isSubmitted })}
              error={e.centres?.message}
            />
          </div>
        )}
      </form>
    </Modal>
  );
}

/** Change a staff member's role and centres. */
export function ChangeRoleModal({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const update = useUpdateStaff();
  const [role, setRole] = useState<StaffRole>(member?.role ?? 'faculty');
  const [centres, setCentres] = useState<string[]>(member?.centres ?? []);
  const [tried, setTried] = useState(false);
  const problem = centresProblem(role, isCentreScopedRole(role) ? centres : []);
  const close = () => {
    if (update.isPending) return;
    update.reset();
    onClose();
  };
  const save = () => {
    setTried(true);
    if (!member || problem) return;
    update.mutate(
      { id: member._id, role, centres: (isCentreScopedRole(role) ? centres : []) as CentreId[] },
      {
        onSuccess: (r) => {
          toast.success(`${r.staff.fullName} is now ${ROLE_LABELS[r.staff.role]}`);
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open={member !== null}
      onOpenChange={(open) => !open && close()}
      title={member ? `Role of ${member.fullName}` : ''}
      description="A new role signs the person out; they sign in again with the new role."
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={close} disabled={update.isPending}>
            Cancel
          </button>
          <button type="button" className={buttonClass.primary} onClick={save} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {update.isError && <FormAlert>{errorMessage(update.error, 'The change could not be made.')}</FormAlert>}
        <div>
          <SelectField label="Role" options={ROLE_OPTIONS} value={role} onChange={(e) => setRole(e.target.value as StaffRole)} />
          <p className="mt-1 text-xs text-slate-600">{ROLE_HINTS[role]}</p>
        </div>
        {isCentreScopedRole(role) && (
          <CentreChoices value={centres} onChange={setCentres} error={tried ? (problem ?? undefined) : undefined} />
        )}
      </div>
    </Modal>
  );
}
