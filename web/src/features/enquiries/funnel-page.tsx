import { ENQUIRY_SOURCE_LABELS, ENQUIRY_SOURCES } from '@app/common/schemas/enquiries';
import { formatDay } from '@app/common/rules/dates';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { AdminPage } from '../../components/admin-page.tsx';
import { CentreFilter } from '../../components/centre-filter.tsx';
import { buttonClass } from '../../components/field.tsx';
import { FilterSelect, filterControl } from '../../components/filter-select.tsx';
import { keepingLastAnswer, QueryState } from '../../components/query-state.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { downloadFunnelCsv, useFunnel } from './api/enquiries.ts';
import { FunnelDetails, FunnelTiles } from './components/funnel-figures.tsx';
import { useFunnelFilters } from './components/use-funnel-filters.ts';
import { DESK_MSG } from './messages.ts';

const SOURCE_OPTIONS = [{ value: '', label: 'Any source' }, ...ENQUIRY_SOURCES.map((s) => ({ value: s, label: ENQUIRY_SOURCE_LABELS[s] }))];
const OWNER_OPTIONS = [
  { value: '', label: 'Anyone' },
  { value: 'me', label: 'Me' },
];

function DayFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="flex min-w-[9rem] flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        {label}
      </label>
      <input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} className={filterControl} />
    </div>
  );
}

/** /admin/enquiries/funnel: how the period's enquiries moved through the stages, why some were lost, by month. */
export default function FunnelPage() {
  const { user } = useAuth();
  const f = useFunnelFilters(user?._id);
  const funnel = useFunnel(f.query, { enabled: f.isValid });
  const [downloading, setDownloading] = useState(false);
  const onDownload = async () => {
    setDownloading(true);
    try {
      await downloadFunnelCsv(f.query);
    } catch (err) {
      toast.error(errorMessage(err, DESK_MSG.csvError));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <AdminPage
      title="Enquiry funnel"
      back="/admin/enquiries"
      backLabel="Back to enquiries"
      actions={
        <button type="button" className={buttonClass.primary} onClick={onDownload} disabled={downloading || !f.isValid}>
          <Download aria-hidden="true" className="h-4 w-4" /> {downloading ? 'Downloading...' : 'Download CSV'}
        </button>
      }
    >
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-end gap-3">
          <DayFilter label="From" value={f.filters.from} onChange={(v) => f.set('from', v)} />
          <DayFilter label="To" value={f.filters.to} onChange={(v) => f.set('to', v)} />
          <CentreFilter value={f.filters.centre} onChange={(v) => f.set('centre', v)} />
          <FilterSelect label="Source" value={f.filters.source} onChange={(v) => f.set('source', v)} options={SOURCE_OPTIONS} />
          <FilterSelect label="Owner" value={f.filters.owner} onChange={(v) => f.set('owner', v)} options={OWNER_OPTIONS} />
        </div>
        {f.isValid ? (
          <>
            <p className="text-sm text-slate-600">
              Enquiries received from {formatDay(f.filters.from)} to {formatDay(f.filters.to)} (India time), each counted at every stage it
              reached.
            </p>
            <QueryState
              query={keepingLastAnswer(funnel)}
              loadingText="Loading the funnel..."
              errorText={(e) => errorMessage(e, DESK_MSG.funnelError)}
            >
              {(data) => (
                <div className={`flex flex-col gap-6 ${funnel.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={funnel.isFetching}>
                  {funnel.isError && (
                    <p role="alert" className="text-sm text-red-700">
                      {errorMessage(funnel.error, DESK_MSG.funnelError)}
                    </p>
                  )}
                  <FunnelTiles funnel={data} />
                  <FunnelDetails funnel={data} />
                </div>
              )}
            </QueryState>
          </>
        ) : (
          <p role="alert" className="text-sm text-red-700">
            The period’s end comes before its start: choose a From day on or before the To day.
          </p>
        )}
      </div>
    </AdminPage>
  );
}
