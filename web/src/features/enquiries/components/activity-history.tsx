import { formatDateTime, formatDay } from '@app/common/rules/dates';
import { ACTIVITY_KIND_LABELS, type EnquiryActivity } from '@app/common/schemas/enquiries';
import { CircleDot, GitMerge, MessageCircle, MoveRight, NotebookPen, Phone, CirclePlus, Store } from 'lucide-react';

const KIND_LABELS: Record<EnquiryActivity['kind'], string> = {
  ...ACTIVITY_KIND_LABELS,
  stage: 'Stage changed',
  created: 'Recorded',
  merged: 'Enquired again',
};
const KIND_ICONS: Record<EnquiryActivity['kind'], typeof CircleDot> = {
  call: Phone,
  visit: Store,
  whatsapp: MessageCircle,
  note: NotebookPen,
  stage: MoveRight,
  created: CirclePlus,
  merged: GitMerge,
};

/** Who did it when nobody signed in did: the visitor's own form, else an account since removed. */
const byNobody = (kind: EnquiryActivity['kind']) =>
  kind === 'created' || kind === 'merged' ? 'From the website' : 'A former staff member';

/** The enquiry's history, newest first: what was done, what came of it, by whom, when, and the follow-up it set. */
export function ActivityHistory({ activities }: { activities: readonly EnquiryActivity[] }) {
  if (activities.length === 0) return <p className="text-sm text-slate-600">Nothing logged yet.</p>;
  const newestFirst = [...activities].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ol className="flex flex-col gap-4" aria-label="History">
      {newestFirst.map((a) => {
        const Icon = KIND_ICONS[a.kind] ?? CircleDot;
        return (
          <li key={a._id} className="flex gap-3">
            <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon aria-hidden="true" className="h-4 w-4" />
            </span>
            <div className="min-w-0 flex-1 break-words">
              <p className="text-sm">
                <span className="font-semibold text-slate-900">{KIND_LABELS[a.kind] ?? a.kind}</span>
                <span className="text-slate-600">
                  {' '}
                  · {a.by?.name ?? byNobody(a.kind)} · <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>
                </span>
              </p>
              {a.outcome && <p className="mt-1 whitespace-pre-wrap text-slate-800">{a.outcome}</p>}
              {a.nextFollowUp && <p className="mt-1 text-sm text-slate-600">Next follow-up: {formatDay(a.nextFollowUp)}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
