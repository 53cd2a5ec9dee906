import { formatDateTime } from '@app/common/rules/dates';
import { ROLE_LABELS } from '@app/common/permissions';
import type { StaffMember } from '@app/common/schemas/staff';
import { Suspense, useState } from 'react';
import { toast } from 'sonner';
import { useCentres } from '../../api/centres.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { Badge } from '../../components/badge.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { buttonClass } from '../../components/field.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useDeleteStaff, useStaff, useUpdateStaff } from './api.ts';
import { DialogLoading, LazyDialog, lazyWithPreload } from '../../components/lazy-dialog.tsx';

// Loaded on first opening: react-hook-form and the forms stay out of the page's initial JavaScript (scripts/bundle-budget.mjs).
const staffForms = () => import('./staff-forms.tsx');
const CreateStaffModal = lazyWithPreload(() => staffForms().then((m) => m.CreateStaffModal));
const ChangeRoleModal = lazyWithPreload(() => staffForms().then((m) => m.ChangeRoleModal));

type Pending = { member: StaffMember; action: 'deactivate' | 'delete' };

/**
 * /admin/staff (docs/product-staff.md): every staff member with their role and centres; a full admin adds
 * staff, changes roles and centres, deactivates and deletes (with confirmation). Never oneself, never the
 * last active full admin (the server says so).
 */
export default function StaffPage() {
  const { user } = useAuth();
  const staff = useStaff();
  const centres = useCentres();
  const update = useUpdateStaff();
  const remove = useDeleteStaff();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const busy = update.isPending || remove.isPending;
  const centreName = (id: string) => centres.data?.find((c) => c.id === id)?.name ?? id;
  const onError = (err: unknown) => toast.error(errorMessage(err, 'The change could not be made. Please try again.'));

  const confirm = () => {
    if (!pending) return;
    const { member, action } = pending;
    const done = (message: string) => {
      toast.success(message);
      setPending(null);
    };
    if (action === 'deactivate') {
      update.mutate({ id: member._id, isActive: false }, { onSuccess: () => done(`${member.fullName} deactivated`), onError });
    } else {
      remove.mutate(member._id, { onSuccess: (r) => done(`${member.fullName}: ${r.message.toLowerCase()}`), onError });
    }
  };
  const activate = (member: StaffMember) =>
    update.mutate({ id: member._id, isActive: true }, { onSuccess: () => toast.success(`${member.fullName} activated`), onError });

  return (
    <AdminPage
      title="Staff"
      actions={
        <button
          type="button"
          className={buttonClass.primary}
          onPointerEnter={CreateStaffModal.preload}
          onFocus={CreateStaffModal.preload}
          onClick={() => setCreating(true)}
        >
          Add staff member
        </button>
      }
    >
      <QueryState
        query={staff}
        loadingText="Loading staff..."
        errorText={(e) => errorMessage(e, 'Could not load the staff')}
        isEmpty={(d) => d.staff.length === 0}
        empty="No staff yet"
      >
        {(d) => (
          <DataTable
            rows={d.staff}
            rowKey={(s) => s._id}
            caption="Staff"
            cardTitle={(s) => (
              <>
                <p className="font-semibold text-slate-900">{s.fullName}</p>
                <p className="break-all text-sm text-slate-600">{s.email}</p>
              </>
            )}
            cardBadge={(s) => <Badge tone={s.isActive ? 'green' : 'slate'}>{s.isActive ? 'Active' : 'Inactive'}</Badge>}
            columns={[
              {
                header: 'Name',
                hideInCard: true,
                cell: (s) => (
                  <>
                    <p className="font-medium text-slate-900">
                      {s.fullName} {s._id === user?._id && <span className="text-sm font-normal text-slate-500">(you)</span>}
                    </p>
                    <p className="break-all text-sm text-slate-600">{s.email}</p>
                  </>
                ),
              },
              { header: 'Role', cell: (s) => <span data-testid="staff-role">{ROLE_LABELS[s.role]}</span> },
              { header: 'Centres', cell: (s) => (s.centres.length > 0 ? s.centres.map(centreName).join(', ') : '—') },
              { header: 'Last sign-in', cell: (s) => (s.lastLogin ? formatDateTime(s.lastLogin) : 'never') },
              {
                header: 'Status',
                hideInCard: true,
                cell: (s) => <Badge tone={s.isActive ? 'green' : 'slate'}>{s.isActive ? 'Active' : 'Inactive'}</Badge>,
              },
            ]}
            actions={(s) =>
              s._id === user?._id ? null : (
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    disabled={busy}
                    onPointerEnter={ChangeRoleModal.preload}
                    onFocus={ChangeRoleModal.preload}
                    onClick={() => setEditing(s)}
                    aria-label={`Change role of ${s.fullName}`}
                  >
                    Change role
                  </button>
                  {s.isActive ? (
                    <button
                      type="button"
                      className={buttonClass.secondary}
                      disabled={busy}
                      onClick={() => setPending({ member: s, action: 'deactivate' })}
                      aria-label={`Deactivate ${s.fullName}`}
                    >
                      Deactivate
                    </button>
                  ) : (
                    <button
                      type="button"
                      className={buttonClass.secondary}
                      disabled={busy}
                      onClick={() => activate(s)}
                      aria-label={`Activate ${s.fullName}`}
                    >
                      Activate
                    </button>
                  )}
                  <button
                    type="button"
                    className={buttonClass.danger}
                    disabled={busy}
                    onClick={() => setPending({ member: s, action: 'delete' })}
                    aria-label={`Delete ${s.fullName}`}
                  >
                    Delete
                  </button>
                </div>
              )
            }
          />
        )}
      </QueryState>
      <LazyDialog open={creating}>
        <CreateStaffModal open={creating} onOpenChange={setCreating} />
      </LazyDialog>
      {editing && (
        <Suspense fallback={<DialogLoading />}>
          <ChangeRoleModal key={editing._id} member={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && !busy && setPending(null)}
        title={pending?.action === 'delete' ? 'Delete staff member' : 'Deactivate staff member'}
        message={
          pending && (
            <p>
              {pending.action === 'delete'
                ? `${pending.member.fullName} (${pending.member.email}) is removed for good. What they did stays in the audit trail.`
                : `${pending.member.fullName} is signed out at once and can no longer sign in until activated again.`}
            </p>
          )
        }
        confirmLabel={pending?.action === 'delete' ? 'Delete' : 'Deactivate'}
        busyLabel={pending?.action === 'delete' ? 'Deleting...' : 'Deactivating...'}
        busy={busy}
        tone="danger"
        onConfirm={confirm}
      />
    </AdminPage>
  );
}
