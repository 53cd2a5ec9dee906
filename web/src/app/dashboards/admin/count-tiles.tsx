import type { AdminStats } from '@app/common/schemas/admissions';
import { BookOpen, ClipboardList, CreditCard, FileText, Users } from 'lucide-react';
import { Link } from 'react-router';
import { StatTile } from '../../../components/admin-page.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { QueryState } from '../../../components/query-state.tsx';

type Props = { isPending: boolean; isError: boolean; data?: AdminStats; refetch: () => unknown };

/** The real counts (payments is the real number, never an estimate from the students). */
export function CountTiles({ isPending, isError, data, refetch }: Props) {
  return (
    <QueryState
      query={{ isPending, isError, data, refetch }}
      errorText="Could not load the dashboard counts."
      loading={
        <div className="flex justify-center rounded-xl bg-white py-8 shadow-sm">
          <Spinner label="Loading counts..." />
        </div>
      }
    >
      {(counts) => <Tiles data={counts} />}
    </QueryState>
  );
}

function Tiles({ data }: { data: AdminStats }) {
  const tiles = [
    { to: '/admin/students', label: 'Students', value: data.students, icon: Users, tone: 'brand' },
    { to: '/admin/courses', label: 'Courses', value: data.courses, icon: BookOpen, tone: 'green' },
    { to: '/admin/exams', label: 'Exams', value: data.exams, icon: FileText, tone: 'slate' },
    { to: '/admin/payments', label: 'Payments', value: data.payments, icon: CreditCard, tone: 'green' },
    { to: '/admin/admissions', label: 'Pending Admissions', value: data.pendingAdmissions, icon: ClipboardList, tone: 'amber' },
  ] as const;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {tiles.map(({ to, label, value, icon: Icon, tone }) => (
        <li key={label}>
          <Link to={to} className="block rounded-xl hover:shadow-md" data-testid={`count-${label.toLowerCase().replace(/ /g, '-')}`}>
            <StatTile label={label} value={value} tone={tone} icon={<Icon aria-hidden="true" className="h-6 w-6" />} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
