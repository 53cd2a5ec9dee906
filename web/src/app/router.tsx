import { type RouteObject, useRoutes } from 'react-router';
import { isProduction } from '../lib/env.ts';
import { ExamLayout } from './exam-layout.tsx';
import { Layout } from './layout.tsx';
import { RequireRole } from './guard.tsx';
import { page, student } from './pages.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

// Declarative routing (useRoutes in a BrowserRouter), not a data router: the pages load their own
// data through TanStack Query, and the data router would add about 15 KB gzip to every page's
// initial JavaScript (bundle budget: scripts/bundle-budget.mjs).
const routes: RouteObject[] = [
  {
    // The exam screen is the exam's own: no site header, menu or footer while a student sits it.
    element: <ExamLayout />,
    children: [
      {
        element: <RouteErrorBoundary />,
        children: [{ path: '/student/exam/:examId', element: student(page(() => import('../features/exam-taking/exam-page.tsx'))) }],
      },
    ],
  },
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
          { path: '/courses', element: page(() => import('../features/public/courses-page.tsx')) },
          { path: '/courses/:slug', element: page(() => import('../features/public/course-page.tsx')) },
          { path: '/results', element: page(() => import('../features/public/results-page.tsx')) },
          { path: '/contact', element: page(() => import('../features/public/contact-page.tsx')) },
          { path: '/nlu-predictor', element: page(() => import('../features/nlu/nlu-predictor-page.tsx')) },
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
          // Student and admin routes: tables of their own, loaded with the first of their pages, so a
          // visitor's JavaScript does not carry them (bundle budget: scripts/bundle-budget.mjs).
          { path: '/student/*', element: page(() => import('./student-routes.tsx')) },
          { path: '/admin/*', element: page(() => import('./admin-routes.tsx')) },
          { path: '/parent/*', element: page(() => import('./parent-routes.tsx')) },
          { path: '/payment/admission', element: student(page(() => import('../features/payments/course-payment-page.tsx'))) },
          // Any signed-in user's own account
          {
            path: '/account/password',
            element: <RequireRole requires="user">{page(() => import('../features/auth/change-password-page.tsx'))}</RequireRole>,
          },
          { path: '*', element: page(() => import('../features/public/not-found-page.tsx')) },
        ],
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
