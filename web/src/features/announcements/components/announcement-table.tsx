import { formatDateTime } from '@app/common/rules/dates';
import { preview } from '@app/common/rules/text';
import type { Announcement } from '@app/common/schemas/announcements';
import { Badge } from '../../../components/badge.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { AUDIENCE_LABELS, PRIORITY_TONE, priorityLabel, typeLabel } from '../labels.ts';

type Props = {
  announcements: Announcement[];
  busyId: string | null;
  onEdit: (a: Announcement) => void;
  onToggleActive: (a: Announcement) => void;
  onDelete: (a: Announcement) => void;
};

/** Active or Inactive, and why an active one is not on the site right now (expired or not yet published). */
function Status({ a, now }: { a: Announcement; now: number }) {
  if (!a.isActive) return <Badge tone="slate">Inactive</Badge>;
  const isExpired = a.expiryDate !== null && new Date(a.expiryDate).getTime() <= now;
  const isScheduled = new Date(a.publishDate).getTime() > now;
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone="green">Active</Badge>
      {isExpired && <Badge tone="red">Expired</Badge>}
      {isScheduled && <Badge tone="blue">Scheduled</Badge>}
    </span>
  );
}

const Priority = ({ a }: { a: Announcement }) => <Badge tone={PRIORITY_TONE[a.priority]}>{priorityLabel(a.priority)}</Badge>;
const expiry = (a: Announcement) => (a.expiryDate ? formatDateTime(a.expiryDate) : 'No expiry');

const headers = ['Title', 'Content', 'Type', 'Priority', 'Audience', 'Publish Date', 'Expiry', 'Status', 'Actions'];

/** All announcements: a table from tablet width up, cards on phones. */
export function AnnouncementTable({ announcements, busyId, onEdit, onToggleActive, onDelete }: Props) {
  const now = Date.now();
  const actions = (a: Announcement, layout?: 'stack') => (
    <RowActions
      name={a.title}
      isActive={a.isActive}
      busy={busyId === a._id}
      onEdit={() => onEdit(a)}
      onToggleActive={() => onToggleActive(a)}
      onDelete={() => onDelete(a)}
      layout={layout}
    />
  );
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Announcements</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              {headers.map((h) => (
                <th key={h} scope="col" className="px-4 py-3">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {announcements.map((a) => (
              <tr key={a._id} className={a.isActive ? '' : 'bg-slate-50 text-slate-500'}>
                <td className="px-4 py-3 align-top font-semibold text-slate-900">{a.title}</td>
                <td className="max-w-xs px-4 py-3 align-top text-slate-600">{preview(a.content)}</td>
                <td className="whitespace-nowrap px-4 py-3 align-top text-xs font-semibold tracking-wide">{typeLabel(a.type)}</td>
                <td className="px-4 py-3 align-top">
                  <Priority a={a} />
                </td>
                <td className="px-4 py-3 align-top">{AUDIENCE_LABELS[a.targetAudience]}</td>
                <td className="min-w-28 px-4 py-3 align-top">{formatDateTime(a.publishDate)}</td>
                <td className="min-w-28 px-4 py-3 align-top">{expiry(a)}</td>
                <td className="px-4 py-3 align-top">
                  <Status a={a} now={now} />
                </td>
                <td className="px-4 py-3 align-top">{actions(a, 'stack')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden" aria-label="Announcements">
        {announcements.map((a) => (
          <li key={a._id} className={`rounded-xl p-4 shadow-sm ${a.isActive ? 'bg-white' : 'bg-slate-100'}`}>
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold text-slate-900">{a.title}</p>
              <Status a={a} now={now} />
            </div>
            <p className="mt-2 text-sm text-slate-600">{preview(a.content)}</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-500">Type</dt>
              <dd className="text-xs font-semibold tracking-wide">{typeLabel(a.type)}</dd>
              <dt className="text-slate-500">Priority</dt>
              <dd>
                <Priority a={a} />
              </dd>
              <dt className="text-slate-500">Audience</dt>
              <dd>{AUDIENCE_LABELS[a.targetAudience]}</dd>
              <dt className="text-slate-500">Published</dt>
              <dd>{formatDateTime(a.publishDate)}</dd>
              <dt className="text-slate-500">Expiry</dt>
              <dd>{expiry(a)}</dd>
            </dl>
            <div className="mt-3 border-t border-slate-200 pt-3">{actions(a)}</div>
          </li>
        ))}
      </ul>
    </>
  );
}
