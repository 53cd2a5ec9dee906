import { plural } from '@app/common/rules/text';
import { ENQUIRY_SOURCE_LABELS, ENQUIRY_SOURCES, ENQUIRY_STAGE_LABELS, ENQUIRY_STAGES } from '@app/common/schemas/enquiries';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { CentreFilter } from '../../../components/centre-filter.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { FilterSelect, SearchFilter } from '../../../components/filter-select.tsx';
import { keepingLastAnswer, QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useEnquiryList } from '../api/enquiries.ts';
import { DESK_MSG } from '../messages.ts';
import {
  centreColumn,
  courseColumn,
  EnquiryName,
  followUpColumn,
  nameColumn,
  ownerColumn,
  phoneColumn,
  sourceColumn,
  stageColumn,
} from './desk-columns.tsx';
import { StageBadge } from './stage-badge.tsx';
import type { useDeskFilters } from './use-desk-filters.ts';

const SEARCH_DEBOUNCE_MS = 300;
const pageButton =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50';

const STAGE_OPTIONS = [{ value: '', label: 'Any stage' }, ...ENQUIRY_STAGES.map((s) => ({ value: s, label: ENQUIRY_STAGE_LABELS[s] }))];
const SOURCE_OPTIONS = [{ value: '', label: 'Any source' }, ...ENQUIRY_SOURCES.map((s) => ({ value: s, label: ENQUIRY_SOURCE_LABELS[s] }))];
const OWNER_OPTIONS = [
  { value: '', label: 'Anyone' },
  { value: 'me', label: 'Me' },
];

/** Every enquiry of the actor's centres, filtered and paged by the server, newest first. */
export function AllList({ f }: { f: ReturnType<typeof useDeskFilters> }) {
  const list = useEnquiryList(f.query);
  const [search, setSearch] = useState(f.filters.q);
  useEffect(() => setSearch(f.filters.q), [f.filters.q]);
  const setFilter = useRef(f.setFilter);
  setFilter.current = f.setFilter;
  const { pathname } = useLocation();
  useEffect(() => {
    if (search.trim() === f.filters.q) return;
    const t = setTimeout(() => {
      // An enquiry opened before the search settled: the router keeps this list on screen while the
      // enquiry's page loads, and a search applied now would take the user back to the list.
      if (window.location.pathname === pathname) setFilter.current('q', search.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search, f.filters.q, pathname]);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchFilter label="Search" value={search} onChange={setSearch} placeholder="Name, phone or e-mail" maxLength={200} />
        <FilterSelect label="Stage" value={f.filters.stage} onChange={(v) => f.setFilter('stage', v)} options={STAGE_OPTIONS} />
        <FilterSelect label="Source" value={f.filters.source} onChange={(v) => f.setFilter('source', v)} options={SOURCE_OPTIONS} />
        <CentreFilter value={f.filters.centre} onChange={(v) => f.setFilter('centre', v)} />
        <FilterSelect label="Owner" value={f.filters.owner} onChange={(v) => f.setFilter('owner', v)} options={OWNER_OPTIONS} />
        {f.hasFilters && (
          <button
            type="button"
            onClick={() => {
              setSearch('');
              f.clear();
            }}
            className="rounded-md px-3 py-2 text-sm font-semibold text-brand-700 hover:underline"
          >
            Clear filters
          </button>
        )}
      </div>
      <QueryState
        query={keepingLastAnswer(list)}
        loadingText="Loading enquiries..."
        errorText={(e) => errorMessage(e, DESK_MSG.listError)}
        isEmpty={(d) => d.enquiries.length === 0}
        empty={
          f.hasFilters ? (
            <EmptyState title={DESK_MSG.noMatch} hint={DESK_MSG.noMatchHint} />
          ) : (
            <EmptyState title={DESK_MSG.noEnquiries} hint={DESK_MSG.noEnquiriesHint} />
          )
        }
      >
        {(d) => (
          <>
            {list.isError && (
              <p role="alert" className="text-sm text-red-700">
                {errorMessage(list.error, DESK_MSG.listError)}
              </p>
            )}
            <DataTable
              rows={d.enquiries}
              rowKey={(e) => e._id}
              caption="Enquiries"
              cardTitle={(e) => <EnquiryName e={e} />}
              cardBadge={(e) => <StageBadge stage={e.stage} />}
              columns={[nameColumn, phoneColumn, courseColumn, centreColumn, sourceColumn, stageColumn, ownerColumn, followUpColumn]}
            />
            <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600" aria-live="polite">
                {d.totalPages > 1 ? `Page ${d.page} of ${d.totalPages} · ` : ''}
                {plural(d.total, 'enquiry', 'enquiries')}
              </p>
              {d.totalPages > 1 && (
                <div className="flex gap-2">
                  <button type="button" className={pageButton} disabled={f.page <= 1} onClick={() => f.setPage(f.page - 1)}>
                    Previous
                  </button>
                  <button
                    type="button"
                    className={pageButton}
                    disabled={f.page >= d.totalPages || list.isPlaceholderData}
                    onClick={() => f.setPage(f.page + 1)}
                  >
                    Next
                  </button>
                </div>
              )}
            </nav>
          </>
        )}
      </QueryState>
    </div>
  );
}
