import { formatDate } from '@app/common/rules/dates';
import type { StudentListItem } from '@app/common/schemas/users';
import { Eye, KeyRound, Mail, Power, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { usePermissions } from '../../../lib/permissions.ts';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { ActiveBadge, Score } from './student-status.tsx';

const btn = 'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold disabled:opacity-50';

/** A pre-filled mail draft to the student (docs/product.md section 2: the Email action). */
export function mailtoFor(s: Pick<StudentListItem, 'email' | 'firstName' | 'courseInterest'>): string {
  const subject = 'Message from Law Coaching Institute';
  const body = `Dear ${s.firstName},\n\n${s.courseInterest ? `Regarding your ${s.courseInterest} course: ` : ''}\n\nRegards,\nLaw Coaching Institute`;
  return `mailto:${s.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

type Props = {
  students: StudentListItem[];
  busyId?: string;
  onToggle: (s: StudentListItem) => void;
  onReset: (s: StudentListItem) => void;
  onDelete: (s: StudentListItem) => void;
};

const studentLink = (s: StudentListItem) => (
  <>
    <Link to={`/admin/students/${s._id}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline md:whitespace-nowrap">
      {s.fullName}
    </Link>
    {s.registrationNumber && <p className="whitespace-nowrap text-xs text-slate-500">{s.registrationNumber}</p>}
  </>
);

const columns: Column<StudentListItem>[] = [
  { header: 'Student', cell: studentLink, hideInCard: true },
  { header: 'Course Interest', cell: (s) => s.courseInterest ?? '—' },
  { header: 'Centre', cell: (s) => s.centreDetails?.name ?? s.centre ?? '—' },
  {
    header: 'Contact',
    cell: (s) => (
      <>
        <p className="break-all md:whitespace-nowrap md:break-normal">{s.email}</p>
        <p className="text-slate-500">{s.phone ?? 'Not provided'}</p>
      </>
    ),
  },
  {
    header: 'Performance',
    className: 'whitespace-nowrap',
    cell: (s) => (
      <>
        <p>
          {s.examsTaken} {s.examsTaken === 1 ? 'exam' : 'exams'}
        </p>
        <p className="text-xs">
          Avg <Score value={s.averageScore} />
        </p>
      </>
    ),
  },
  { header: 'Status', cell: (s) => <ActiveBadge isActive={s.isActive} />, hideInCard: true },
  { header: 'Joined', className: 'whitespace-nowrap', cell: (s) => formatDate(s.createdAt) },
];

/** The students list: a table from tablet width up, a card per student on a phone, every action in reach. */
export function StudentsTable({ students, busyId, onToggle, onReset, onDelete }: Props) {
  // Deactivate, reset and delete only for a role that may manage students (docs/product-staff.md).
  const { can } = usePermissions();
  const manage = can('students.manage');
  return (
    <DataTable
      rows={students}
      rowKey={(s) => s._id}
      columns={columns}
      caption="Students"
      cardTitle={studentLink}
      cardBadge={(s) => <ActiveBadge isActive={s.isActive} />}
      actions={(s) => (
        <div className="flex flex-wrap gap-1">
          <Link to={`/admin/students/${s._id}`} className={`${btn} text-brand-700 hover:bg-brand-50`} aria-label={`View ${s.fullName}`}>
            <Eye aria-hidden="true" className="h-3.5 w-3.5" /> View
          </Link>
          <a href={mailtoFor(s)} className={`${btn} text-brand-700 hover:bg-brand-50`} aria-label={`Email ${s.fullName}`}>
            <Mail aria-hidden="true" className="h-3.5 w-3.5" /> Email
          </a>
          {manage && (
            <>
              <button
                type="button"
                onClick={() => onToggle(s)}
                disabled={busyId === s._id}
                className={`${btn} ${s.isActive ? 'text-amber-800 hover:bg-amber-50' : 'text-green-700 hover:bg-green-50'}`}
                aria-label={`${s.isActive ? 'Deactivate' : 'Activate'} ${s.fullName}`}
              >
                <Power aria-hidden="true" className="h-3.5 w-3.5" /> {s.isActive ? 'Deactivate' : 'Activate'}
              </button>
              <button
                type="button"
                onClick={() => onReset(s)}
                className={`${btn} text-slate-700 hover:bg-slate-100`}
                aria-label={`Reset Pwd: ${s.fullName}`}
              >
                <KeyRound aria-hidden="true" className="h-3.5 w-3.5" /> Reset Pwd
              </button>
              <button
                type="button"
                onClick={() => onDelete(s)}
                className={`${btn} text-red-700 hover:bg-red-50`}
                aria-label={`Delete ${s.fullName}`}
              >
                <Trash2 aria-hidden="true" className="h-3.5 w-3.5" /> Delete
              </button>
            </>
          )}
        </div>
      )}
    />
  );
}
