import type { ANNOUNCEMENT_PRIORITIES } from '@app/common/constants';
import { formatDate } from '@app/common/rules/dates';
import { formatAnnouncementType } from '@app/common/rules/text';
import type { Announcement } from '@app/common/schemas/announcements';
import { CalendarDays, Megaphone } from 'lucide-react';
import { useLatestAnnouncements } from '../api/announcements.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { SectionHeading, Skeleton } from './section.tsx';

type Priority = (typeof ANNOUNCEMENT_PRIORITIES)[number];

const PRIORITY_STYLE: Record<Priority, { badge: string; bar: string; label: string }> = {
  urgent: { badge: 'bg-red-100 text-red-800 ring-red-200', bar: 'bg-red-600', label: 'Urgent' },
  high: { badge: 'bg-amber-100 text-amber-900 ring-amber-200', bar: 'bg-amber-500', label: 'High' },
  medium: { badge: 'bg-sky-100 text-sky-900 ring-sky-200', bar: 'bg-sky-600', label: 'Medium' },
  low: { badge: 'bg-slate-100 text-slate-700 ring-slate-200', bar: 'bg-slate-400', label: 'Low' },
};

/**
 * The latest announcements (docs/product.md section 2). If they fail to load the section is simply empty:
 * never invented notices (docs/product.md section 8).
 */
export function AnnouncementsSection() {
  const announcements = useLatestAnnouncements();
  const none = (
    <p className="flex items-center gap-3 rounded-xl border border-dashed border-slate-300 p-6 text-slate-600">
      <Megaphone aria-hidden="true" className="h-5 w-5 text-slate-400" />
      There are no announcements at the moment.
    </p>
  );
  return (
    <section aria-labelledby="announcements-title" className="bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[1fr_2fr]">
        <SectionHeading
          id="announcements"
          eyebrow="Notice board"
          title="Latest announcements"
          intro="Admissions, exam schedules, holidays and notices from all three centres."
        />
        <div className="grid gap-4" aria-busy={announcements.isPending}>
          <QueryState
            query={announcements}
            loading={<Skeleton label="Loading announcements..." count={3} className="h-28" />}
            errorText="There are no announcements at the moment."
            errorView={() => none}
            isEmpty={(items) => items.length === 0}
            empty={none}
          >
            {(items) => (
              <ul className="grid gap-4" data-testid="announcements">
                {items.map((a) => (
                  <AnnouncementItem key={a._id} announcement={a} />
                ))}
              </ul>
            )}
          </QueryState>
        </div>
      </div>
    </section>
  );
}

function AnnouncementItem({ announcement: a }: { announcement: Announcement }) {
  const style = PRIORITY_STYLE[a.priority];
  const type = formatAnnouncementType(a.type);
  return (
    <li className="relative overflow-hidden rounded-xl border border-slate-200 bg-white p-5 pl-7 shadow-sm">
      <span aria-hidden="true" className={`absolute inset-y-0 left-0 w-1.5 ${style.bar}`} />
      <article aria-labelledby={`ann-${a._id}`}>
        <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
          <span className={`rounded-full px-2.5 py-0.5 ring-1 ring-inset ${style.badge}`}>
            <span className="sr-only">Priority: </span>
            {style.label}
          </span>
          {type && (
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 tracking-wide text-brand-800" data-testid="announcement-type">
              {type}
            </span>
          )}
          <span className="ml-auto inline-flex items-center gap-1 font-medium text-slate-500">
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            <time dateTime={a.publishDate}>{formatDate(a.publishDate)}</time>
          </span>
        </div>
        <h3 id={`ann-${a._id}`} className="mt-3 text-lg font-semibold text-brand-900">
          {a.title}
        </h3>
        <p className="mt-1 whitespace-pre-line leading-relaxed text-slate-600">{a.content}</p>
      </article>
    </li>
  );
}
