import { formatDateTime } from '@app/common/rules/dates';
import { AUDIT_ENTITIES, type AuditEntry } from '@app/common/schemas/audit';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { ChangeView } from './change-view.tsx';

/** `payment.completed` → `Payment completed`, `user.reset-password` → `User reset password`. */
const actionLabel = (action: string) => {
  const text = action.replace(/[._-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const entityLabel = (entity: string) => AUDIT_ENTITIES[entity as keyof typeof AUDIT_ENTITIES] ?? entity;

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

const columns: Column<AuditEntry>[] = [
  { header: 'When', className: 'whitespace-nowrap', cell: (e) => formatDateTime(e.createdAt) },
  { header: 'Who', className: 'max-w-56 [overflow-wrap:anywhere]', cell: (e) => e.actor.label },
  { header: 'Action', className: 'font-medium text-slate-900', cell: (e) => actionLabel(e.action), hideInCard: true },
  { header: 'Entity', className: 'max-w-48', cell: (e) => <Entity e={e} /> },
  { header: 'Before → after', className: 'min-w-64', cell: (e) => <ChangeView before={e.before} after={e.after} /> },
];

/** The trail: a table from tablet width up, cards on phones. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <DataTable
      rows={entries}
      rowKey={(e) => e._id}
      columns={columns}
      caption="Audit trail"
      cardTitle={(e) => <p className="font-semibold text-slate-900">{actionLabel(e.action)}</p>}
    />
  );
}
