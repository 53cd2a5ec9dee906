import { lazy, Suspense } from 'react';
import { PagePlaceholder } from '../../components/page-placeholder.tsx';

// The server sends this page as HTML (src/entry-server.tsx); its code is a chunk of its own, loaded beside
// the route's, as the contact page's is.
const Screen = lazy(() => import('./components/predictor-screen.tsx'));

/** /nlu-predictor: which NLU a CLAT rank may reach (docs/product-admissions-desk.md, "NLU counselling helper"). */
export default function NluPredictorPage() {
  return (
    <Suspense fallback={<PagePlaceholder />}>
      <Screen />
    </Suspense>
  );
}
