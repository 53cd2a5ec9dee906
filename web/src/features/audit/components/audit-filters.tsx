import { AUDIT_ENTITIES, type AuditEntity, type AuditList } from '@app/common/schemas/audit';
import { useId } from 'react';

const control =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100';

type Props = {
  entity: AuditEntity | '';
  actorId: string;
  actors: AuditList['actors'];
  onChange: (change: { entity?: AuditEntity | ''; actorId?: string }) => void;
};

/** Filter the trail by what it is about and by who acted. */
export function AuditFilters({ entity, actorId, actors, onChange }: Props) {
  const id = useId();
  return (
    <div className="grid gap-3 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-entity`} className="text-sm font-medium text-slate-700">
          Entity
        </label>
        <select
          id={`${id}-entity`}
          className={control}
          value={entity}
          onChange={(e) => onChange({ entity: e.target.value as AuditEntity | '' })}
        >
          <option value="">All entities</option>
          {Object.entries(AUDIT_ENTITIES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-actor`} className="text-sm font-medium text-slate-700">
          Who
        </label>
        <select id={`${id}-actor`} className={control} value={actorId} onChange={(e) => onChange({ actorId: e.target.value })}>
          <option value="">Everyone</option>
          {actors.map((a) => (
            <option key={a._id} value={a._id}>
              {a.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
