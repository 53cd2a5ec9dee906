import { lazy, Suspense } from 'react';
import { usePageTitle } from '../../../components/page-title.ts';
import { SectionsPlaceholder } from './sections-placeholder.tsx';
import { Hero } from './hero.tsx';

// The hero is the first screen; the sections under it load beside their data, so the page's
// initial JavaScript stays within the public budget (performance target, bench/README.md).
const HomeSections = lazy(() => import('./home-sections.tsx'));

/** Home (docs/product.md section 2): hero, announcements, courses, why-choose-us, principal, centres. */
export default function HomeScreen() {
  usePageTitle('CLAT, Judiciary and Law Entrance Coaching');
  return (
    <>
      <Hero />
      <Suspense fallback={<SectionsPlaceholder />}>
        <HomeSections />
      </Suspense>
    </>
  );
}
