import { type RouteObject, useRoutes } from 'react-router';
import { student, page } from './pages.tsx';

/** The student area under /student/ (docs/product.md section 2). Paths are relative to /student/; router.tsx loads this table with the first of its pages. */
const routes: RouteObject[] = [
  { path: 'dashboard', element: student(page(() => import('./dashboards/student-dashboard-page.tsx'))) },
  { path: 'results', element: student(page(() => import('../features/results/results-page.tsx'))) },
  { path: 'results/:id/analysis', element: student(page(() => import('../features/analysis/analysis-page.tsx'))) },
  { path: 'results/:id/review', element: student(page(() => import('../features/analysis/review-page.tsx'))) },
  { path: 'revision', element: student(page(() => import('../features/analysis/revision-page.tsx'))) },
  { path: 'materials', element: student(page(() => import('../features/materials/student-materials-page.tsx'))) },
  { path: 'flashcards', element: student(page(() => import('../features/flashcards/student-flashcards-page.tsx'))) },
  { path: 'admission', element: student(page(() => import('../features/student-home/admission-page.tsx'))) },
  { path: 'payment', element: student(page(() => import('../features/payments/fee-payment-page.tsx'))) },
  { path: 'daily-quiz', element: student(page(() => import('../features/daily-quiz/daily-quiz-page.tsx'))) },
  { path: 'payments', element: student(page(() => import('../features/payments/fee-payment-page.tsx'))) },
  { path: '*', element: page(() => import('../features/public/not-found-page.tsx')) },
];

export default function StudentRoutes() {
  return useRoutes(routes);
}
