import { ChartBar, Plus } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { buttonClass } from '../../components/field.tsx';
import { LazyDialog, lazyWithPreload } from '../../components/lazy-dialog.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { AllList } from './components/all-list.tsx';
import { TodayList } from './components/today-list.tsx';
import { type DeskView, useDeskFilters } from './components/use-desk-filters.ts';

// Loaded on first opening: react-hook-form and the form stay out of the page's initial JavaScript (scripts/bundle-budget.mjs).
const EnquiryFormModal = lazyWithPreload(() => import('./components/enquiry-form.tsx').then((m) => m.EnquiryFormModal));

const VIEWS: { id: DeskView; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'all', label: 'All' },
];

/** /admin/enquiries: the admissions desk (docs/product-admissions-desk.md): today's follow-ups and every enquiry. */
export default function EnquiriesPage() {
  const { role } = usePermissions();
  // A counsellor's day starts with the calls to make; a manager's with the whole list.
  const f = useDeskFilters(role === 'counsellor' ? 'today' : 'all');
  const [creating, setCreating] = useState(false);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent) => {
    const at = VIEWS.findIndex((v) => v.id === f.view);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: VIEWS.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = (to + VIEWS.length) % VIEWS.length;
    f.setView(VIEWS[next].id);
    tabs.current[next]?.focus();
  };
  return (
    <AdminPage
      title="Enquiries"
      actions={
        <>
          <Link to="/admin/enquiries/funnel" className={buttonClass.secondary}>
            <ChartBar aria-hidden="true" className="h-5 w-5" /> Funnel
          </Link>
          <button
            type="button"
            className={buttonClass.primary}
            onPointerEnter={EnquiryFormModal.preload}
            onFocus={EnquiryFormModal.preload}
            onClick={() => setCreating(true)}
          >
            <Plus aria-hidden="true" className="h-5 w-5" /> New enquiry
          </button>
        </>
      }
    >
      <div role="tablist" aria-label="Enquiry lists" className="mb-6 flex gap-1 border-b border-slate-200" onKeyDown={onKeyDown}>
        {VIEWS.map((v, i) => (
          <button
            key={v.id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`desk-tab-${v.id}`}
            aria-selected={f.view === v.id}
            aria-controls="desk-tab-panel"
            tabIndex={f.view === v.id ? 0 : -1}
            onClick={() => f.setView(v.id)}
            className={`border-b-2 px-4 py-2 text-sm font-semibold ${
              f.view === v.id ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-brand-700'
            }`}
          >
            {v.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="desk-tab-panel" aria-labelledby={`desk-tab-${f.view}`}>
        {f.view === 'today' ? <TodayList /> : <AllList f={f} />}
      </div>
      <LazyDialog open={creating}>
        <EnquiryFormModal open={creating} onOpenChange={setCreating} />
      </LazyDialog>
    </AdminPage>
  );
}
