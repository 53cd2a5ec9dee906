import { formatDate, formatDateTime } from '@app/common/rules/dates';
import type { StudentDetail } from '@app/common/schemas/users';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { AdminPage, StatTile } from '../../components/admin-page.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { useStudent } from './api/students.ts';
import { BatchMove } from './components/batch-move.tsx';
import { GuardiansSection } from './components/guardians-section.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { ActiveBadge, Score } from './components/student-status.tsx';
import { mailtoFor } from './components/students-table.tsx';
import { STUDENT_WEB_MSG } from './messages.ts';
import { QueryState } from '../../components/query-state.tsx';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

const statusLabel = { SUBMITTED: 'Submitted', EVALUATED: 'Evaluated', PENDING: 'Pending' } as const;

type Submission = StudentDetail['submissions'][number];

const submissionColumns: Column<Submission>[] = [
  { header: 'Exam', className: 'font-medium', cell: (sub) => sub.exam.title, hideInCard: true },
  { header: 'Submitted', className: 'whitespace-nowrap', cell: (sub) => formatDateTime(sub.submittedAt) },
  { header: 'Marks', cell: (sub) => `${sub.marksObtained} / ${sub.totalMarks}` },
  { header: 'Percentage', cell: (sub) => <Score value={sub.percentage} /> },
  { header: 'Result', cell: (sub) => (sub.isPassed === null ? 'Pending' : sub.isPassed ? 'Pass' : 'Fail') },
  { header: 'Status', cell: (sub) => statusLabel[sub.status] },
];

function Profile({ s }: { s: StudentDetail }) {
  const { can } = usePermissions();
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="profile" className="rounded-xl bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="profile" className="text-xl font-semibold text-slate-900">
            {s.fullName}
          </h2>
          <ActiveBadge isActive={s.isActive} />
        </div>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Item label="Registration number">{s.registrationNumber ?? '—'}</Item>
          <Item label="Email">
            <a href={mailtoFor(s)} className="text-brand-700 hover:underline">
              {s.email}
            </a>
          </Item>
          <Item label="Phone">{s.phone ?? 'Not provided'}</Item>
          <Item label="Course interest">{s.courseInterest ?? '—'}</Item>
          <Item label="Centre">{s.centreDetails ? `${s.centreDetails.name}, ${s.centreDetails.location}` : '—'}</Item>
          <Item label="Batch">{can('students.manage') ? <BatchMove student={s} /> : (s.batch?.name ?? 'No batch')}</Item>
          <Item label="Education">{s.education ?? '—'}</Item>
          <Item label="Joined">{formatDate(s.createdAt)}</Item>
          <Item label="Last login">{s.lastLogin ? formatDateTime(s.lastLogin) : 'Never'}</Item>
        </dl>
      </section>
      <GuardiansSection studentId={s._id} />
      <section aria-labelledby="exam-stats">
        <h2 id="exam-stats" className="mb-3 text-lg font-semibold text-slate-800">
          Exam statistics
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatTile label="Exams taken" value={s.examsTaken} />
          <StatTile label="Average score" value={<Score value={s.averageScore} />} tone="green" />
          <StatTile label="Passed / Failed" value={`${s.passedExams} / ${s.failedExams}`} tone="amber" />
          <StatTile label="Marks" value={`${s.totalMarksObtained} / ${s.totalMarksAvailable}`} tone="slate" />
        </div>
      </section>
      <section aria-labelledby="submissions">
        <h2 id="submissions" className="mb-3 text-lg font-semibold text-slate-800">
          Submissions
        </h2>
        {s.submissions.length === 0 ? (
          <p className="rounded-xl bg-white px-5 py-6 text-slate-600 shadow-sm">No exams taken yet.</p>
        ) : (
          <DataTable
            rows={s.submissions}
            rowKey={(sub) => sub._id}
            columns={submissionColumns}
            caption={`Submissions of ${s.fullName}`}
            cardTitle={(sub) => <p className="font-medium">{sub.exam.title}</p>}
          />
        )}
      </section>
    </div>
  );
}

/** /admin/students/{id}: profile and exam statistics (docs/product.md section 2, Student detail). */
export default function StudentDetailPage() {
  const { id = '' } = useParams();
  const query = useStudent(id);
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  return (
    <AdminPage title="Student Details" back="/admin/students" backLabel="Back to students">
      <QueryState
        query={query}
        loadingText="Loading student details..."
        errorText={STUDENT_WEB_MSG.detailError}
        errorView={() =>
          notFound ? (
            <div className="flex flex-col items-center gap-3 rounded-xl bg-white p-10 text-center shadow-sm">
              <h2 className="text-xl font-semibold text-slate-800">{STUDENT_WEB_MSG.notFound}</h2>
              <Link to="/admin/students" className="font-medium text-brand-700 hover:underline">
                Back to students
              </Link>
            </div>
          ) : null
        }
      >
        {(s) => <Profile s={s} />}
      </QueryState>
    </AdminPage>
  );
}
