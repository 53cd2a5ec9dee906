import { welcomeBack } from '@app/common/rules/greeting';
import { plural } from '@app/common/rules/text';
import { formatINR } from '@app/common/rules/money';
import { formatDate } from '@app/common/rules/dates';
import { Link } from 'react-router';
import { useAdminStats } from '../../../api/admin-stats.ts';
import { useAdminCourses } from '../../../api/courses.ts';
import { usePageTitle } from '../../../components/page-title.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { usePermissions } from '../../../lib/permissions.ts';
import { CountTiles } from './count-tiles.tsx';
import { DashboardCard } from './dashboard-card.tsx';
import { EnquiryFigures } from './enquiry-figures.tsx';
import { QuickLinks } from './quick-links.tsx';
import { RecentAdmissions } from './recent-admissions.tsx';
import { DASHBOARD_LIST_SIZE, useDashboardExams, useDashboardStudents } from './sources.ts';

const pill = (active: boolean) =>
  `shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${active ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'}`;

/**
 * /admin/dashboard: a full admin's dashboard; any other staff role gets the links to their own screens
 * (docs/product-staff.md), so the page never asks for what the role may not read.
 */
export default function DashboardPage() {
  const { role } = usePermissions();
  return role === 'admin' ? <AdminDashboard /> : <StaffDashboard />;
}

function StaffDashboard() {
  const { user } = useAuth();
  const { roleLabel, can } = usePermissions();
  usePageTitle(`${roleLabel} Dashboard`);
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-800">{roleLabel} Dashboard</h1>
      <p className="mt-1 text-slate-600">{welcomeBack(user)} These are the screens of your role.</p>
      <div className="mt-6 flex flex-col gap-8">
        {can('enquiries.manage') && (
          <div className="max-w-xl">
            <EnquiryFigures />
          </div>
        )}
        <QuickLinks />
      </div>
    </section>
  );
}

/**
 * The full admin's dashboard (docs/product.md section 2): counts, recent admissions, exam, course and student
 * lists, links. It composes several features (admissions, exams, courses, students), so it lives in app/.
 */
function AdminDashboard() {
  usePageTitle('Admin Dashboard');
  const { user } = useAuth();
  const stats = useAdminStats();
  const exams = useDashboardExams();
  const courses = useAdminCourses();
  const students = useDashboardStudents();

  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-800">Admin Dashboard</h1>
      <p className="mt-1 text-slate-600">{welcomeBack(user)} Here is what is happening at the institute.</p>
      <div className="mt-6 flex flex-col gap-8">
        <CountTiles isPending={stats.isPending} isError={stats.isError} data={stats.data} refetch={stats.refetch} />
        <QuickLinks />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <RecentAdmissions isPending={stats.isPending} isError={stats.isError} data={stats.data} refetch={stats.refetch} />
          <EnquiryFigures />
          <DashboardCard
            title="Newest Students"
            to="/admin/students"
            query={students}
            failText="Could not load the students."
            isEmpty={(d) => d.users.length === 0}
            emptyText="Students will appear here once they register"
          >
            {(d) => (
              <ul className="divide-y divide-slate-100">
                {d.users.slice(0, DASHBOARD_LIST_SIZE).map((s) => (
                  <li key={s._id} className="flex items-start justify-between gap-3 py-3">
                    <div className="min-w-0 flex-1 break-words">
                      <Link to={`/admin/students/${s._id}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                        {s.fullName}
                      </Link>
                      <p className="text-sm text-slate-600">
                        {s.courseInterest ?? 'No course'} · {s.centreDetails?.name ?? '—'}
                      </p>
                    </div>
                    <span className={pill(s.isActive)}>{s.isActive ? 'Active' : 'Inactive'}</span>
                  </li>
                ))}
              </ul>
            )}
          </DashboardCard>
          <DashboardCard
            title="Exams"
            to="/admin/exams"
            query={exams}
            failText="Could not load the exams."
            isEmpty={(d) => d.length === 0}
            emptyText="No exams yet."
          >
            {(d) => (
              <ul className="divide-y divide-slate-100">
                {d.slice(0, DASHBOARD_LIST_SIZE).map((e) => (
                  <li key={e._id} className="flex items-start justify-between gap-3 py-3">
                    <div className="min-w-0 flex-1 break-words">
                      <p className="font-medium text-slate-900">{e.title}</p>
                      <p className="text-sm text-slate-600">
                        {e.course?.name ?? 'No course'} · {e.duration} min · {plural(e.totalMarks, 'mark')}
                      </p>
                    </div>
                    <span className={pill(e.isActive)}>{e.isActive ? 'Active' : 'Inactive'}</span>
                  </li>
                ))}
              </ul>
            )}
          </DashboardCard>
          <DashboardCard
            title="Courses"
            to="/admin/courses"
            query={courses}
            failText="Could not load the courses."
            isEmpty={(d) => d.length === 0}
            emptyText="No courses yet."
          >
            {(d) => (
              <ul className="divide-y divide-slate-100">
                {d.slice(0, DASHBOARD_LIST_SIZE).map((c) => (
                  <li key={c._id} className="flex items-start justify-between gap-3 py-3">
                    <div className="min-w-0 flex-1 break-words">
                      <p className="font-medium text-slate-900">{c.name}</p>
                      <p className="text-sm text-slate-600">
                        {formatINR(c.price)} · {c.duration} · added {formatDate(c.createdAt)}
                      </p>
                    </div>
                    <span className={pill(c.isActive)}>{c.isActive ? 'Active' : 'Inactive'}</span>
                  </li>
                ))}
              </ul>
            )}
          </DashboardCard>
        </div>
      </div>
    </section>
  );
}
