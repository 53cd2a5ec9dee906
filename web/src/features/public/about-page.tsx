import { lazy, Suspense } from 'react';
import { usePageTitle } from '../../components/page-title.ts';
import { SectionsPlaceholder } from './components/sections-placeholder.tsx';

// The header is the first screen; the story, gallery and contacts load after it (bundle budget: scripts/bundle-budget.mjs).
const AboutSections = lazy(() => import('./components/about-sections.tsx'));

/** About (docs/product.md section 2): story, achievements, gallery with a full-screen viewer, centre contacts. */
export default function AboutPage() {
  usePageTitle('About Us');
  return (
    <>
      <header className="relative isolate overflow-hidden bg-brand-800 text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(224,180,76,0.2),transparent_55%)]"
        />
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-widest text-gold-400">About Us</p>
          <h1 className="mt-3 max-w-3xl font-serif text-4xl font-bold leading-tight sm:text-5xl">
            A law institute built by lawyers, for the lawyers and judges of tomorrow
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-200">
            Coaching for CLAT, the judicial services and law degree examinations at Dumdum, Kasba/Ballygunge and Shrirampur.
          </p>
        </div>
      </header>
      <Suspense fallback={<SectionsPlaceholder />}>
        <AboutSections />
      </Suspense>
    </>
  );
}
