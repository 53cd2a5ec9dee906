import { type KeyboardEvent, Suspense, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useSiteAbout, useSiteFaq, useSiteHome } from './api/site.ts';
import { lazyWithPreload } from '../../components/lazy-dialog.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { HomeForm } from './components/home-form.tsx';
import { SITE_ADMIN_MSG } from './messages.ts';

// Only the first tab (Home) is in the page's initial JavaScript; every other tab's code loads when the
// tab is first hovered, focused or opened (scripts/bundle-budget.mjs).
const aboutFaq = () => import('./components/about-faq-forms.tsx');
const AboutForm = lazyWithPreload(() => aboutFaq().then((m) => m.AboutForm));
const FaqForm = lazyWithPreload(() => aboutFaq().then((m) => m.FaqForm));
const ToppersTab = lazyWithPreload(() => import('./components/toppers-tab.tsx').then((m) => m.ToppersTab));
const TestimonialsTab = lazyWithPreload(() => import('./components/testimonials-tab.tsx').then((m) => m.TestimonialsTab));
const GalleryTab = lazyWithPreload(() => import('./components/gallery-tab.tsx').then((m) => m.GalleryTab));

const TABS = ['Home', 'About', 'FAQ', 'Toppers', 'Testimonials', 'Gallery'] as const;
type Tab = (typeof TABS)[number];
const PRELOAD: Record<Tab, (() => unknown) | undefined> = {
  Home: undefined,
  About: AboutForm.preload,
  FAQ: FaqForm.preload,
  Toppers: ToppersTab.preload,
  Testimonials: TestimonialsTab.preload,
  Gallery: GalleryTab.preload,
};

/** /admin/site: the public site the institute edits itself (docs/product-site.md, "Editing the site"). */
export default function SiteAdminPage() {
  const [tab, setTab] = useState<Tab>('Home');
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // The tab list's keys: arrows move between tabs, Home and End go to the ends.
  const onKeyDown = (e: KeyboardEvent) => {
    const at = TABS.indexOf(tab);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = (to + TABS.length) % TABS.length;
    setTab(TABS[next]);
    buttons.current[next]?.focus();
  };
  return (
    <AdminPage title="Public Site">
      <div
        role="tablist"
        aria-label="Site sections"
        className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200"
        onKeyDown={onKeyDown}
      >
        {TABS.map((t, i) => (
          <button
            key={t}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`site-tab-${t}`}
            aria-selected={tab === t}
            aria-controls="site-tab-panel"
            tabIndex={tab === t ? 0 : -1}
            onClick={() => setTab(t)}
            onPointerEnter={PRELOAD[t]}
            onFocus={PRELOAD[t]}
            className={`shrink-0 border-b-2 px-3 py-2 text-sm font-semibold ${
              tab === t ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-brand-700'
            }`}
          >
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="site-tab-panel" aria-labelledby={`site-tab-${tab}`}>
        <Suspense
          fallback={
            <div className="flex justify-center py-12">
              <Spinner />
            </div>
          }
        >
          {tab === 'Home' && <HomeTab />}
          {tab === 'About' && <AboutTab />}
          {tab === 'FAQ' && <FaqTab />}
          {tab === 'Toppers' && <ToppersTab />}
          {tab === 'Testimonials' && <TestimonialsTab />}
          {tab === 'Gallery' && <GalleryTab />}
        </Suspense>
      </div>
    </AdminPage>
  );
}

const loadError = (e: unknown) => errorMessage(e, SITE_ADMIN_MSG.loadError);

function HomeTab() {
  const home = useSiteHome();
  return (
    <QueryState query={home} loadingText="Loading the home page..." errorText={loadError}>
      {(data) => <HomeForm key={data.updatedAt ?? ''} home={data} />}
    </QueryState>
  );
}

function AboutTab() {
  const about = useSiteAbout();
  return (
    <QueryState query={about} loadingText="Loading the about page..." errorText={loadError}>
      {(data) => <AboutForm key={data.updatedAt ?? ''} about={data} />}
    </QueryState>
  );
}

function FaqTab() {
  const faq = useSiteFaq();
  return (
    <QueryState query={faq} loadingText="Loading the FAQ..." errorText={loadError}>
      {(data) => <FaqForm key={data.updatedAt ?? ''} faq={data} />}
    </QueryState>
  );
}
