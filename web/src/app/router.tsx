import { lazy, type ReactNode, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { Spinner } from '../components/spinner.tsx';
import { isProduction } from '../lib/env.ts';
import { RequireRole } from './guard.tsx';
import { Layout } from './layout.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

// Every page is its own chunk: a visitor never downloads admin, exam or payment code.
const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense
      fallback={
        <div className="flex min-h-[50vh] items-center justify-center">
          <Spinner />
        </div>
      }
    >
      <Page />
    </Suspense>
  );
};
const student = (el: ReactNode) => <RequireRole requires="student">{el}</RequireRole>;
const admin = (el: ReactNode) => <RequireRole requires="admin">{el}</RequireRole>;

// Declarative routing (useRoutes in a BrowserRouter), not a data router: the pages load their own
// data through TanStack Query, and the data router would add about 15 KB gzip to every page's
// initial JavaScript (bundle budget: scripts/bundle-budget.mjs).
const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        // Keeps the header and footer when a page fails to load or render.
        element: <RouteErrorBoundary />,
        children: [
          // Public routes (docs/product.md section 2)
          { path: '/', element: page(() => import('../features/public/home-page.tsx')) },
          { path: '/about', element: page(() => import('../features/public/about-page.tsx')) },
          { path: '/login', element: page(() => import('../features/auth/login-page.tsx')) },
          { path: '/forgot-password', element: page(() => import('../features/auth/forgot-password-page.tsx')) },
          { path: '/reset-password/:token', element: page(() => import('../features/auth/reset-password-page.tsx')) },
          // Self-registration is disabled (docs/product.md section 1): these paths explain it instead of a 404.
          { path: '/register', element: page(() => import('../features/public/registration-closed-page.tsx')) },
          { path: '/signup', element: page(() => import('../features/public/registration-closed-page.tsx')) },
          { path: '/admission-request', element: page(() => import('../features/admissions/request-page.tsx')) },
          { path: '/admission-status', element: page(() => import('../features/admissions/status-page.tsx')) },
          { path: '/application-form', element: page(() => import('../features/admissions/application-form-page.tsx')) },
          ...(isProduction
            ? []
            : [
                { path: '/login-test', element: page(() => import('../features/auth/login-test-page.tsx')) },
                { path: '/dev/mailbox', element: page(() => import('../features/dev/mailbox-page.tsx')) },
              ]),
          // Gateway returns: public, the page reads the payment when the visitor is signed in (docs/product.md section 2)
          { path: '/payment/success', element: page(() => import('../features/payments/payment-success-page.tsx')) },
          { path: '/payment/failed', element: page(() => import('../features/payments/payment-failed-page.tsx')) },
          // Student routes
          { path: '/student/dashboard', element: student(page(() => import('./dashboards/student-dashboard-page.tsx'))) },
          { path: '/student/exam/:examId', element: student(page(() => import('../features/exam-taking/exam-page.tsx'))) },
          { path: '/student/results', element: student(page(() => import('../features/results/results-page.tsx'))) },
          { path: '/student/results/:id/analysis', element: student(page(() => import('../features/analysis/analysis-page.tsx'))) },
          { path: '/student/results/:id/review', element: student(page(() => import('../features/analysis/review-page.tsx'))) },
          { path: '/student/revision', element: student(page(() => import('../features/analysis/revision-page.tsx'))) },
          { path: '/student/materials', element: student(page(() => import('../features/materials/student-materials-page.tsx'))) },
          { path: '/student/admission', element: student(page(() => import('../features/student/admission-page.tsx'))) },
          { path: '/student/payment', element: student(page(() => import('../features/payments/fee-payment-page.tsx'))) },
          // The success page links to /student/payments (docs/product.md section 2): the same screen.
          { path: '/student/payments', element: student(page(() => import('../features/payments/fee-payment-page.tsx'))) },
          { path: '/payment/admission', element: student(page(() => import('../features/payments/course-payment-page.tsx'))) },
          // Admin routes
          { path: '/admin/dashboard', element: admin(page(() => import('./dashboards/admin/admin-dashboard-page.tsx'))) },
          { path: '/admin/create-admin', element: admin(page(() => import('../features/auth/create-admin-page.tsx'))) },
          { path: '/admin/admins', element: admin(page(() => import('../features/admins/admins-page.tsx'))) },
          { path: '/admin/staff', element: admin(page(() => import('../features/staff/staff-page.tsx'))) },
          { path: '/admin/exams', element: admin(page(() => import('../features/exams/exams-page.tsx'))) },
          { path: '/admin/exams/create', element: admin(page(() => import('../features/exams/exams-page.tsx'))) },
          { path: '/admin/exams/:id/results', element: admin(page(() => import('../features/analysis/merit-list-page.tsx'))) },
          { path: '/admin/exams/:id/regrade', element: admin(page(() => import('../features/regrade/regrade-page.tsx'))) },
          { path: '/admin/submissions', element: admin(page(() => import('../features/submissions/submissions-page.tsx'))) },
          { path: '/admin/admissions', element: admin(page(() => import('../features/admissions/admin-admissions-page.tsx'))) },
          { path: '/admin/admissions/:id', element: admin(page(() => import('../features/admissions/admin-admission-detail-page.tsx'))) },
          { path: '/admin/students', element: admin(page(() => import('../features/students/students-page.tsx'))) },
          { path: '/admin/students/import', element: admin(page(() => import('../features/batches/import-students-page.tsx'))) },
          { path: '/admin/students/:id', element: admin(page(() => import('../features/students/student-detail-page.tsx'))) },
          { path: '/admin/materials', element: admin(page(() => import('../features/materials/materials-page.tsx'))) },
          { path: '/admin/courses', element: admin(page(() => import('../features/courses/courses-page.tsx'))) },
          { path: '/admin/question-bank', element: admin(page(() => import('../features/question-bank/question-bank-page.tsx'))) },
          { path: '/admin/question-bank/import', element: admin(page(() => import('../features/question-bank/import-page.tsx'))) },
          { path: '/admin/coupons', element: admin(page(() => import('../features/coupons/coupons-page.tsx'))) },
          { path: '/admin/notifications/broadcast', element: admin(page(() => import('../features/notifications/broadcast-page.tsx'))) },
          { path: '/admin/notifications/outbox', element: admin(page(() => import('../features/notifications/outbox-page.tsx'))) },
          { path: '/admin/announcements', element: admin(page(() => import('../features/announcements/announcements-page.tsx'))) },
          { path: '/admin/payments', element: admin(page(() => import('../features/payments/admin-payments-page.tsx'))) },
          { path: '/admin/payments/counter', element: admin(page(() => import('../features/payments/counter-payment-page.tsx'))) },
          { path: '/admin/payments/collections', element: admin(page(() => import('../features/payments/collections-page.tsx'))) },
          { path: '/admin/payments/:id', element: admin(page(() => import('../features/payments/admin-payment-detail-page.tsx'))) },
          { path: '/admin/batches', element: admin(page(() => import('../features/batches/batches-page.tsx'))) },
          { path: '/admin/batches/:id', element: admin(page(() => import('../features/batches/batch-detail-page.tsx'))) },
          { path: '/admin/attendance', element: admin(page(() => import('../features/batches/attendance-day-page.tsx'))) },
          { path: '/admin/attendance/:id', element: admin(page(() => import('../features/batches/mark-attendance-page.tsx'))) },
          { path: '/admin/audit', element: admin(page(() => import('../features/audit/audit-page.tsx'))) },
          { path: '/admin/settings', element: admin(page(() => import('../features/settings/settings-page.tsx'))) },
          { path: '*', element: page(() => import('../features/public/not-found-page.tsx')) },
        ],
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
