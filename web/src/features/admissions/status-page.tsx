import { lazy, Suspense } from 'react';
import { PagePlaceholder } from '../../components/page-placeholder.tsx';

// The server sends this page as HTML (src/entry-server.tsx); its code is a chunk of its own, loaded beside
// the route's, so the route's first JavaScript stays within the public budget (scripts/bundle-budget.mjs).
const Screen = lazy(() => import('./components/status-screen.tsx'));

/** /admission-status: look up the newest admission request by e-mail and phone (docs/product.md sections 2, 5 and 8). */
export default function AdmissionStatusPage() {
  return (
    <Suspense fallback={<PagePlaceholder />}>
      <Screen />
    </Suspense>
  );
}
