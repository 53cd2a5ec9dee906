import { type DeskEnquiry, ENQUIRY_LIST_MAX_LIMIT } from '@app/common/schemas/enquiries';
import { ClipboardPen } from 'lucide-react';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { LazyDialog, lazyWithPreload } from '../../../components/lazy-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useEnquiryList } from '../api/enquiries.ts';
import { DESK_MSG } from '../messages.ts';
import { ContactButtons } from './contact-buttons.tsx';
import {
  centreColumn,
  courseColumn,
  EnquiryName,
  followUpColumn,
  nameColumn,
  ownerColumn,
  phoneColumn,
  stageColumn,
} from './desk-columns.tsx';
import { StageBadge } from './stage-badge.tsx';

// The activity form (react-hook-form, the schema) loads when "Log outcome" is first pointed at or pressed.
const ActivityDialog = lazyWithPreload(() => import('./activity-dialog.tsx').then((m) => m.ActivityDialog));

const logButton =
  'inline-flex min-h-10 items-center justify-center gap-1.5 rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-100';

/**
 * Today's work: the follow-ups that are overdue (first, marked) and those due today, each with one tap to call, to WhatsApp and to log what came of it.
 */
export function TodayList() {
  const overdue = useEnquiryList({ due: 'overdue', limit: ENQUIRY_LIST_MAX_LIMIT });
  const today = useEnquiryList({ due: 'today', limit: ENQUIRY_LIST_MAX_LIMIT });
  const [logging, setLogging] = useState<DeskEnquiry | null>(null);
  const both = {
    isPending: overdue.isPending || today.isPending,
    isError: overdue.isError || today.isError,
    error: overdue.error ?? today.error,
    data: overdue.data && today.data ? { overdue: overdue.data, today: today.data } : undefined,
    refetch: () => Promise.all([overdue.refetch(), today.refetch()]),
  };
  return (
    <>
      <QueryState
        query={both}
        loadingText="Loading today’s follow-ups..."
        errorText={(e) => errorMessage(e, DESK_MSG.listError)}
        isEmpty={(d) => d.overdue.total + d.today.total === 0}
        empty={DESK_MSG.nothingDue}
        emptyHint={DESK_MSG.nothingDueHint}
      >
        {(d) => {
          const rows = [...d.overdue.enquiries, ...d.today.enquiries];
          const hidden = d.overdue.total + d.today.total - rows.length;
          return (
            <div className="flex flex-col gap-3">
              <p className="text-sm text-slate-600" aria-live="polite">
                {d.overdue.total} overdue · {d.today.total} due today
                {hidden > 0 && ` (the first ${rows.length} shown)`}
              </p>
              <DataTable
                rows={rows}
                rowKey={(e) => e._id}
                caption="Follow-ups due today and overdue"
                cardTitle={(e) => <EnquiryName e={e} />}
                cardBadge={(e) => <StageBadge stage={e.stage} />}
                rowClassName={(e) => (d.overdue.enquiries.includes(e) ? 'bg-red-50/60' : '')}
                columns={[nameColumn, followUpColumn, phoneColumn, courseColumn, centreColumn, stageColumn, ownerColumn]}
                actions={(e) => (
                  <div className="flex flex-wrap gap-2">
                    <ContactButtons name={e.name} phone={e.phone} />
                    <button
                      type="button"
                      className={logButton}
                      onPointerEnter={ActivityDialog.preload}
                      onFocus={ActivityDialog.preload}
                      onClick={() => setLogging(e)}
                      aria-label={`Log outcome for ${e.name}`}
                    >
                      <ClipboardPen aria-hidden="true" className="h-4 w-4" /> Log outcome
                    </button>
                  </div>
                )}
              />
            </div>
          );
        }}
      </QueryState>
      <LazyDialog open={logging !== null}>
        <ActivityDialog enquiry={logging} onOpenChange={(open) => !open && setLogging(null)} />
      </LazyDialog>
    </>
  );
}
