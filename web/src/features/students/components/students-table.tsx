import { formatDate } from '@app/common/rules/dates';
import type { StudentListItem } from '@app/common/schemas/users';
import { Eye, KeyRound, Mail, Power, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { ActiveBadge, Score } from './student-status.tsx';

const btn = 'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold disabled:opacity-50';

/** A pre-filled mail draft to the student (SPEC.md section 2: the Email action). */
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

export function StudentsTable({ students, busyId, onToggle, onReset, onDelete }: Props) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {['Student', 'Course Interest', 'Centre', 'Contact', 'Performance', 'Status', 'Joined', 'Actions'].map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap px-4 py-3">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {students.map((s) => (
            <tr key={s._id} className="align-top">
              <td className="px-4 py-3">
                <Link
                  to={`/admin/students/${s._id}`}
                  className="whitespace-nowrap font-medium text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {s.fullName}
                </Link>
                {s.registrationNumber && <p className="whitespace-nowrap text-xs text-slate-500">{s.registrationNumber}</p>}
              </td>
              <td className="px-4 py-3">{s.courseInterest ?? '—'}</td>
              <td className="px-4 py-3">{s.centreDetails?.name ?? s.centre ?? '—'}</td>
              <td className="px-4 py-3">
                <p className="whitespace-nowrap">{s.email}</p>
                <p className="text-slate-500">{s.phone ?? 'Not provided'}</p>
              </td>
              <td className="whitespace-nowrap px-4 py-3">
                <p>
                  {s.examsTaken} {s.examsTaken === 1 ? 'exam' : 'exams'}
                </p>
                <p className="text-xs">
                  Avg <Score value={s.averageScore} />
                </p>
              </td>
              <td className="px-4 py-3">
                <ActiveBadge isActive={s.isActive} />
              </td>
              <td className="whitespace-nowrap px-4 py-3">{formatDate(s.createdAt)}</td>
              <td className="px-4 py-3">
                <div className="flex min-w-[15rem] flex-wrap gap-1">
                  <Link
                    to={`/admin/students/${s._id}`}
                    className={`${btn} text-brand-700 hover:bg-brand-50`}
                    aria-label={`View ${s.fullName}`}
                  >
                    <Eye aria-hidden="true" className="h-3.5 w-3.5" /> View
                  </Link>
                  <a href={mailtoFor(s)} className={`${btn} text-brand-700 hover:bg-brand-50`} aria-label={`Email ${s.fullName}`}>
                    <Mail aria-hidden="true" className="h-3.5 w-3.5" /> Email
                  </a>
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
                    aria-label={`Reset password of ${s.fullName}`}
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
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
