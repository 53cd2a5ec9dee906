import type { User } from '@app/common/schemas/auth';
import { formatDateTime } from '@app/common/rules/dates';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { AdminPage } from '../../components/admin-page.tsx';
import { Badge } from '../../components/badge.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { buttonClass } from '../../components/field.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useAdmins, useDeleteAdmin, useResetAdminPassword, useSetAdminActive } from './api.ts';

type Pending = { admin: User; action: 'deactivate' | 'reset' | 'delete' };

const CONFIRM = {
  deactivate: {
    title: 'Deactivate admin',
    label: 'Deactivate',
    busy: 'Deactivating...',
    text: (a: User) => `${a.fullName} is signed out at once and can no longer sign in until an admin activates the account again.`,
  },
  reset: {
    title: 'Reset password',
    label: 'Reset password',
    busy: 'Resetting...',
    text: (a: User) =>
      `A new temporary password is e-mailed to ${a.email}; the old password, every session and every reset link stop working.`,
  },
  delete: {
    title: 'Delete admin',
    label: 'Delete',
    busy: 'Deleting...',
    text: (a: User) => `${a.fullName} (${a.email}) is removed for good. What they did stays in the audit trail.`,
  },
} as const;

/**
 * /admin/admins: every admin, and what one admin may do to another (a departed or compromised one):
 * deactivate, reset the password, delete. Never oneself, never the last active admin (the server says so).
 */
export default function AdminsPage() {
  const { user } = useAuth();
  const admins = useAdmins();
  const setActive = useSetAdminActive();
  const reset = useResetAdminPassword();
  const remove = useDeleteAdmin();
  const [pending, setPending] = useState<Pending | null>(null);
  const busy = setActive.isPending || reset.isPending || remove.isPending;

  const onError = (err: unknown) => toast.error(errorMessage(err, 'The change could not be made. Please try again.'));
  const done = (message: string) => {
    toast.success(message);
    setPending(null);
  };
  const confirm = () => {
    if (!pending) return;
    const { admin, action } = pending;
    if (action === 'deactivate') {
      setActive.mutate({ id: admin._id, isActive: false }, { onSuccess: () => done(`${admin.fullName} deactivated`), onError });
    } else if (action === 'reset') {
      reset.mutate(admin._id, { onSuccess: (r) => done(r.message), onError });
    } else {
      remove.mutate(admin._id, { onSuccess: (r) => done(r.message), onError });
    }
  };
  const activate = (admin: User) =>
    setActive.mutate({ id: admin._id, isActive: true }, { onSuccess: () => toast.success(`${admin.fullName} activated`), onError });

  return (
    <AdminPage
      title="Admins"
      actions={
        <Link to="/admin/create-admin" className={buttonClass.primary}>
          Create New Admin
        </Link>
      }
    >
      <QueryState
        query={admins}
        loadingText="Loading admins..."
        errorText={(e) => errorMessage(e, 'Could not load the admins')}
        isEmpty={(d) => d.users.length === 0}
        empty="No admins"
      >
        {(d) => (
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Admins">
            {d.users.map((a) => {
              const isSelf = a._id === user?._id;
              return (
                <li key={a._id} className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm" aria-label={a.fullName}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="break-words font-semibold text-slate-900">
                        {a.fullName} {isSelf && <span className="text-sm font-normal text-slate-500">(you)</span>}
                      </p>
                      <p className="break-all text-sm text-slate-600">{a.email}</p>
                      <p className="text-xs text-slate-500">Last sign-in: {a.lastLogin ? formatDateTime(a.lastLogin) : 'never'}</p>
                    </div>
                    <Badge tone={a.isActive ? 'green' : 'slate'}>{a.isActive ? 'Active' : 'Inactive'}</Badge>
                  </div>
                  {!isSelf && (
                    <div className="flex flex-wrap gap-2">
                      {a.isActive ? (
                        <button
                          type="button"
                          className={buttonClass.secondary}
                          disabled={busy}
                          onClick={() => setPending({ admin: a, action: 'deactivate' })}
                        >
                          Deactivate
                        </button>
                      ) : (
                        <button type="button" className={buttonClass.secondary} disabled={busy} onClick={() => activate(a)}>
                          Activate
                        </button>
                      )}
                      <button
                        type="button"
                        className={buttonClass.secondary}
                        disabled={busy}
                        onClick={() => setPending({ admin: a, action: 'reset' })}
                      >
                        Reset password
                      </button>
                      <button
                        type="button"
                        className={buttonClass.danger}
                        disabled={busy}
                        onClick={() => setPending({ admin: a, action: 'delete' })}
                      >
                        Delete
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && !busy && setPending(null)}
        title={pending ? CONFIRM[pending.action].title : ''}
        message={pending && <p>{CONFIRM[pending.action].text(pending.admin)}</p>}
        confirmLabel={pending ? CONFIRM[pending.action].label : ''}
        busyLabel={pending ? CONFIRM[pending.action].busy : undefined}
        busy={busy}
        tone={pending?.action === 'reset' ? 'primary' : 'danger'}
        onConfirm={confirm}
      />
    </AdminPage>
  );
}
