import { lazy, Suspense } from 'react';
import { PagePlaceholder } from '../../components/page-placeholder.tsx';

// The server sends this page as HTML (src/entry-server.tsx); its code is a chunk of its own, loaded beside
// the route's, so the route's first JavaScript stays within the public budget (scripts/bundle-budget.mjs).
const Screen = lazy(() => import('./components/request-screen.tsx'));

/** /admission-request: the public request form (docs/product.md section 2; every field required, section 5). */
export default function AdmissionRequestPage() {
  return (
    <Suspense fallback={<PagePlaceholder />}>
      <Screen />
    </Suspense>
  );
}
