import { formatDateTime } from '@app/common/rules/dates';
import { AUDIT_ENTITIES, type AuditEntry } from '@app/common/schemas/audit';
import { ChangeView } from './change-view.tsx';

/** `payment.completed` → `Payment completed`, `user.reset-password` → `User reset password`. */
export const actionLabel = (action: string) => {
  const text = action.replace(/[._-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export const entityLabel = (entity: string) => AUDIT_ENTITIES[entity as keyof typeof AUDIT_ENTITIES] ?? entity;

function Entity({ e }: { e: AuditEntry }) {
  return (
    <>
      <p>{entityLabel(e.entity)}</p>
      {/* The record's name when the server found it; its id (for the record filter) on hover otherwise beside it. */}
      {e.entityName ? (
        <p className="font-medium text-slate-900 [overflow-wrap:anywhere]" title={e.entityId ?? undefined}>
          {e.entityName}
        </p>
      ) : (
        e.entityId && <p className="font-mono text-xs text-slate-500 [overflow-wrap:anywhere]">{e.entityId}</p>
      )}
    </>
  );
}

const headers = ['When', 'Who', 'Action', 'Entity', 'Before → after'];

/** The trail: a table from tablet width up, cards on phones. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Audit trail</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              {headers.map((h) => (
                <th key={h} scope="col" className="px-4 py-3">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {entries.map((e) => (
              <tr key={e._id}>
                <td className="whitespace-nowrap px-4 py-3 align-top">{formatDateTime(e.createdAt)}</td>
                <td className="max-w-56 px-4 py-3 align-top [overflow-wrap:anywhere]">{e.actor.label}</td>
                <td className="px-4 py-3 align-top font-medium text-slate-900">{actionLabel(e.action)}</td>
                <td className="max-w-48 px-4 py-3 align-top">
                  <Entity e={e} />
                </td>
                <td className="min-w-64 px-4 py-3 align-top">
                  <ChangeView before={e.before} after={e.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden" aria-label="Audit trail">
        {entries.map((e) => (
          <li key={e._id} className="rounded-xl bg-white p-4 text-sm shadow-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold text-slate-900">{actionLabel(e.action)}</p>
              <p className="text-xs text-slate-500">{formatDateTime(e.createdAt)}</p>
            </div>
            <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">{e.actor.label}</p>
            <div className="mt-2 text-slate-700">
              <Entity e={e} />
            </div>
            <div className="mt-2 border-t border-slate-100 pt-2">
              <ChangeView before={e.before} after={e.after} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
