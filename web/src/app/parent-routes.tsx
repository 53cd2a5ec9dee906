import { type RouteObject, useRoutes } from 'react-router';
import { page, parent } from './pages.tsx';

/** The parent's area under /parent/ (docs/product-parents.md). Paths are relative to /parent/; router.tsx loads this table with the first of its pages. */
const routes: RouteObject[] = [
  { index: true, element: parent(page(() => import('./dashboards/parent-home-page.tsx'))) },
  { path: 'preferences', element: parent(page(() => import('../features/parents/parent-preferences-page.tsx'))) },
  { path: '*', element: page(() => import('../features/public/not-found-page.tsx')) },
];

export default function ParentRoutes() {
  return useRoutes(routes);
}
