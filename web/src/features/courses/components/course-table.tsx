import { FEE_TYPE_LABELS } from '@app/common/constants';
import { formatINR } from '@app/common/rules/money';
import { preview } from '@app/common/rules/text';
import type { Course } from '@app/common/schemas/courses';
import { Badge } from '../../../components/badge.tsx';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';

type Props = {
  courses: Course[];
  busyId: string | null;
  onEdit: (course: Course) => void;
  onToggleActive: (course: Course) => void;
  onDelete: (course: Course) => void;
};

const StatusBadge = ({ isActive }: { isActive: boolean }) =>
  isActive ? <Badge tone="green">Active</Badge> : <Badge tone="slate">Inactive</Badge>;

/** "4 monthly", "3 on set dates", "1 (whole fee)": docs/product.md section 11, "Fee plans". */
const planSummary = ({ feePlan: p }: Course) =>
  p.installments === 1 ? '1 (whole fee)' : `${p.installments} ${p.dueDates?.length ? 'on set dates' : 'monthly'}`;

const featureCount = (n: number) => `${n} ${n === 1 ? 'feature' : 'features'}`;

const name = (c: Course) => (
  <>
    <p className="font-semibold text-slate-900">{c.name}</p>
    {c.category && <p className="text-xs text-slate-500">{c.category}</p>}
  </>
);

const columns: Column<Course>[] = [
  { header: 'Name', cell: name, hideInCard: true },
  { header: 'Description', className: 'max-w-xs text-slate-600', cell: (c) => preview(c.description) },
  { header: 'Price', className: 'whitespace-nowrap font-medium text-slate-900', cell: (c) => formatINR(c.price) },
  { header: 'Fee Type', className: 'whitespace-nowrap', cell: (c) => FEE_TYPE_LABELS[c.feeType] },
  { header: 'Installments', className: 'whitespace-nowrap', cell: planSummary },
  { header: 'Duration', className: 'whitespace-nowrap', cell: (c) => c.duration },
  { header: 'Features', className: 'whitespace-nowrap', cell: (c) => featureCount(c.features.length) },
  { header: 'Status', cell: (c) => <StatusBadge isActive={c.isActive} />, hideInCard: true },
];

/** All courses: a table from tablet width up, cards on phones. */
export function CourseTable({ courses, busyId, onEdit, onToggleActive, onDelete }: Props) {
  return (
    <DataTable
      rows={courses}
      rowKey={(c) => c._id}
      columns={columns}
      caption="Courses"
      cardTitle={name}
      cardBadge={(c) => <StatusBadge isActive={c.isActive} />}
      rowClassName={(c) => (c.isActive ? '' : 'bg-slate-50 text-slate-500')}
      actions={(c, place) => (
        <RowActions
          name={c.name}
          isActive={c.isActive}
          busy={busyId === c._id}
          onEdit={() => onEdit(c)}
          onToggleActive={() => onToggleActive(c)}
          onDelete={() => onDelete(c)}
          layout={place === 'table' ? 'stack' : undefined}
        />
      )}
    />
  );
}
