import { formatDateTime } from '@app/common/rules/dates';
import { Pencil, Users } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { buttonClass } from '../../../components/field.tsx';
import { LazyDialog, lazyWithPreload } from '../../../components/lazy-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePermissions } from '../../../lib/permissions.ts';
import { useGuardianAlerts, useGuardians } from '../api/guardians.ts';

const EditGuardians = lazyWithPreload(() => import('./edit-guardians-dialog.tsx').then((m) => m.default));

const card = 'rounded-xl bg-white p-6 shadow-sm';
const CHANNEL = { sms: 'SMS', whatsapp: 'WhatsApp', email: 'E-mail' } as const;
/** The alert kinds (docs/product-parents.md "Alerts to guardians"); another kind is shown as it is named. */
const KIND: Record<string, string> = {
  absence: 'Absence',
  results: 'Result',
  fees: 'Fees',
  payment: 'Payment',
  digest: 'Weekly digest',
  announcement: 'Announcement',
};

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
                  <span className="font-medium">{KIND[a.kind] ?? a.kind}:</span> {a.text}
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
          <button
            type="button"
            className={buttonClass.secondary}
            onPointerEnter={() => void EditGuardians.preload()}
            onFocus={() => void EditGuardians.preload()}
            onClick={() => setEditing(true)}
          >
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
      <LazyDialog open={editing}>
        {editing && guardians.data && <EditGuardians studentId={studentId} current={guardians.data} onClose={() => setEditing(false)} />}
      </LazyDialog>
    </section>
  );
}
