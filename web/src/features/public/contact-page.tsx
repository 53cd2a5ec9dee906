import { lazy, Suspense } from 'react';
import { PagePlaceholder } from '../../components/page-placeholder.tsx';

// The server sends this page as HTML (src/entry-server.tsx); its code is a chunk of its own, loaded beside
// the route's, so the route's first JavaScript stays within the public budget (scripts/bundle-budget.mjs).
const Screen = lazy(() => import('./components/contact-screen.tsx'));

/** /contact: each centre's address, phone, hours and map, and the enquiry form (docs/product-site.md). */
export default function ContactPage() {
  return (
    <Suspense fallback={<PagePlaceholder />}>
      <Screen />
    </Suspense>
  );
}
