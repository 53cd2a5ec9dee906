import { type RouteObject, useRoutes } from 'react-router';
import { admin, page } from './pages.tsx';

/** The back office under /admin/ (docs/product.md section 2, docs/product-staff.md). Paths are relative to /admin/; router.tsx loads this table with the first of its pages. */
const routes: RouteObject[] = [
  { path: 'dashboard', element: admin(page(() => import('./dashboards/admin/admin-dashboard-page.tsx'))) },
  { path: 'create-admin', element: admin(page(() => import('../features/auth/create-admin-page.tsx'))) },
  { path: 'admins', element: admin(page(() => import('../features/admin-accounts/admins-page.tsx'))) },
  { path: 'staff', element: admin(page(() => import('../features/staff/staff-page.tsx'))) },
  { path: 'exams', element: admin(page(() => import('../features/exams/exams-page.tsx'))) },
  { path: 'exams/create', element: admin(page(() => import('../features/exams/exams-page.tsx'))) },
  { path: 'exams/:id/results', element: admin(page(() => import('../features/analysis/merit-list-page.tsx'))) },
  { path: 'exams/:id/regrade', element: admin(page(() => import('../features/regrade/regrade-page.tsx'))) },
  { path: 'submissions', element: admin(page(() => import('../features/submissions/submissions-page.tsx'))) },
  { path: 'enquiries', element: admin(page(() => import('../features/enquiries/enquiries-page.tsx'))) },
  { path: 'enquiries/funnel', element: admin(page(() => import('../features/enquiries/funnel-page.tsx'))) },
  { path: 'enquiries/:id', element: admin(page(() => import('../features/enquiries/enquiry-detail-page.tsx'))) },
  { path: 'nlu', element: admin(page(() => import('../features/nlu/admin-nlu-page.tsx'))) },
  { path: 'flashcards', element: admin(page(() => import('../features/flashcards/admin-flashcards-page.tsx'))) },
  { path: 'daily-quizzes', element: admin(page(() => import('../features/daily-quiz/admin-daily-quizzes-page.tsx'))) },
  { path: 'admissions', element: admin(page(() => import('../features/admissions/admin-admissions-page.tsx'))) },
  { path: 'admissions/:id', element: admin(page(() => import('../features/admissions/admin-admission-detail-page.tsx'))) },
  { path: 'students', element: admin(page(() => import('../features/students/students-page.tsx'))) },
  { path: 'students/import', element: admin(page(() => import('../features/batches/import-students-page.tsx'))) },
  { path: 'students/:id', element: admin(page(() => import('../features/students/student-detail-page.tsx'))) },
  { path: 'materials', element: admin(page(() => import('../features/materials/materials-page.tsx'))) },
  { path: 'courses', element: admin(page(() => import('../features/courses/courses-page.tsx'))) },
  { path: 'question-bank', element: admin(page(() => import('../features/question-bank/question-bank-page.tsx'))) },
  { path: 'question-bank/import', element: admin(page(() => import('../features/question-bank/import-page.tsx'))) },
  { path: 'coupons', element: admin(page(() => import('../features/coupons/coupons-page.tsx'))) },
  { path: 'notifications/broadcast', element: admin(page(() => import('../features/notifications/broadcast-page.tsx'))) },
  { path: 'notifications/outbox', element: admin(page(() => import('../features/notifications/outbox-page.tsx'))) },
  { path: 'announcements', element: admin(page(() => import('../features/announcements/announcements-page.tsx'))) },
  { path: 'site', element: admin(page(() => import('../features/site-admin/site-admin-page.tsx'))) },
  { path: 'payments', element: admin(page(() => import('../features/payments/admin-payments-page.tsx'))) },
  { path: 'payments/counter', element: admin(page(() => import('../features/payments/counter-payment-page.tsx'))) },
  { path: 'payments/collections', element: admin(page(() => import('../features/payments/collections-page.tsx'))) },
  { path: 'payments/:id', element: admin(page(() => import('../features/payments/admin-payment-detail-page.tsx'))) },
  { path: 'batches', element: admin(page(() => import('../features/batches/batches-page.tsx'))) },
  { path: 'batches/:id', element: admin(page(() => import('../features/batches/batch-detail-page.tsx'))) },
  { path: 'attendance', element: admin(page(() => import('../features/batches/attendance-day-page.tsx'))) },
  { path: 'attendance/:id', element: admin(page(() => import('../features/batches/mark-attendance-page.tsx'))) },
  { path: 'audit', element: admin(page(() => import('../features/audit/audit-page.tsx'))) },
  { path: 'settings', element: admin(page(() => import('../features/settings/settings-page.tsx'))) },
  { path: '*', element: page(() => import('../features/public/not-found-page.tsx')) },
];

export default function AdminRoutes() {
  return useRoutes(routes);
}
