import { lazy, Suspense } from 'react';
import { PagePlaceholder } from '../../components/page-placeholder.tsx';

// The server sends this page as HTML (src/entry-server.tsx); its code is a chunk of its own, loaded beside
// the route's, so the route's first JavaScript stays within the public budget (scripts/bundle-budget.mjs).
const Screen = lazy(() => import('./components/home-screen.tsx'));

/** Home (docs/product.md section 2): hero, announcements, courses, why-choose-us, principal, centres. */
export default function HomePage() {
  return (
    <Suspense fallback={<PagePlaceholder />}>
      <Screen />
    </Suspense>
  );
}
