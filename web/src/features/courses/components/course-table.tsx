import { FEE_TYPE_LABELS } from '@app/common/constants';
import { formatINR } from '@app/common/rules/money';
import { preview } from '@app/common/rules/text';
import type { Course } from '@app/common/schemas/courses';
import { Badge } from '../../../components/badge.tsx';
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

const featureCount = (n: number) => `${n} ${n === 1 ? 'feature' : 'features'}`;

/** All courses: a table from tablet width up, cards on phones. */
export function CourseTable({ courses, busyId, onEdit, onToggleActive, onDelete }: Props) {
  const actions = (c: Course, layout?: 'stack') => (
    <RowActions
      name={c.name}
      isActive={c.isActive}
      busy={busyId === c._id}
      onEdit={() => onEdit(c)}
      onToggleActive={() => onToggleActive(c)}
      onDelete={() => onDelete(c)}
      layout={layout}
    />
  );
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Courses</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="px-4 py-3">
                Description
              </th>
              <th scope="col" className="px-4 py-3">
                Price
              </th>
              <th scope="col" className="px-4 py-3">
                Fee Type
              </th>
              <th scope="col" className="px-4 py-3">
                Duration
              </th>
              <th scope="col" className="px-4 py-3">
                Features
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {courses.map((c) => (
              <tr key={c._id} className={c.isActive ? '' : 'bg-slate-50 text-slate-500'}>
                <td className="px-4 py-3 align-top">
                  <p className="font-semibold text-slate-900">{c.name}</p>
                  {c.category && <p className="text-xs text-slate-500">{c.category}</p>}
                </td>
                <td className="max-w-xs px-4 py-3 align-top text-slate-600">{preview(c.description)}</td>
                <td className="whitespace-nowrap px-4 py-3 align-top font-medium text-slate-900">{formatINR(c.price)}</td>
                <td className="whitespace-nowrap px-4 py-3 align-top">{FEE_TYPE_LABELS[c.feeType]}</td>
                <td className="whitespace-nowrap px-4 py-3 align-top">{c.duration}</td>
                <td className="whitespace-nowrap px-4 py-3 align-top">{featureCount(c.features.length)}</td>
                <td className="px-4 py-3 align-top">
                  <StatusBadge isActive={c.isActive} />
                </td>
                <td className="px-4 py-3 align-top">{actions(c, 'stack')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden" aria-label="Courses">
        {courses.map((c) => (
          <li key={c._id} className={`rounded-xl p-4 shadow-sm ${c.isActive ? 'bg-white' : 'bg-slate-100'}`}>
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="font-semibold text-slate-900">{c.name}</p>
                {c.category && <p className="text-xs text-slate-500">{c.category}</p>}
              </div>
              <StatusBadge isActive={c.isActive} />
            </div>
            <p className="mt-2 text-sm text-slate-600">{preview(c.description)}</p>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-500">Price</dt>
              <dd className="font-medium text-slate-900">{formatINR(c.price)}</dd>
              <dt className="text-slate-500">Fee type</dt>
              <dd>{FEE_TYPE_LABELS[c.feeType]}</dd>
              <dt className="text-slate-500">Duration</dt>
              <dd>{c.duration}</dd>
              <dt className="text-slate-500">Features</dt>
              <dd>{featureCount(c.features.length)}</dd>
            </dl>
            <div className="mt-3 border-t border-slate-200 pt-3">{actions(c)}</div>
          </li>
        ))}
      </ul>
    </>
  );
}
