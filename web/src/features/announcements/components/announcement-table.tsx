import { formatDateTime } from '@app/common/rules/dates';
import { preview } from '@app/common/rules/text';
import type { Announcement } from '@app/common/schemas/announcements';
import { Badge } from '../../../components/badge.tsx';
import { type Column, DataTable } from '../../../components/data-table.tsx';
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

const expiry = (a: Announcement) => (a.expiryDate ? formatDateTime(a.expiryDate) : 'No expiry');
const title = (a: Announcement) => <p className="font-semibold text-slate-900">{a.title}</p>;

/** All announcements: a table from tablet width up, cards on phones. */
export function AnnouncementTable({ announcements, busyId, onEdit, onToggleActive, onDelete }: Props) {
  const now = Date.now();
  const columns: Column<Announcement>[] = [
    { header: 'Title', cell: title, hideInCard: true },
    { header: 'Content', className: 'max-w-xs text-slate-600', cell: (a) => preview(a.content) },
    { header: 'Type', className: 'whitespace-nowrap text-xs font-semibold tracking-wide', cell: (a) => typeLabel(a.type) },
    { header: 'Priority', cell: (a) => <Badge tone={PRIORITY_TONE[a.priority]}>{priorityLabel(a.priority)}</Badge> },
    { header: 'Audience', cell: (a) => AUDIENCE_LABELS[a.targetAudience] },
    { header: 'Publish Date', className: 'min-w-28', cell: (a) => formatDateTime(a.publishDate) },
    { header: 'Expiry', className: 'min-w-28', cell: expiry },
    { header: 'Status', cell: (a) => <Status a={a} now={now} />, hideInCard: true },
  ];
  return (
    <DataTable
      rows={announcements}
      rowKey={(a) => a._id}
      columns={columns}
      caption="Announcements"
      cardTitle={title}
      cardBadge={(a) => <Status a={a} now={now} />}
      rowClassName={(a) => (a.isActive ? '' : 'bg-slate-50 text-slate-500')}
      actions={(a, place) => (
        <RowActions
          name={a.title}
          isActive={a.isActive}
          busy={busyId === a._id}
          onEdit={() => onEdit(a)}
          onToggleActive={() => onToggleActive(a)}
          onDelete={() => onDelete(a)}
          layout={place === 'table' ? 'stack' : undefined}
        />
      )}
    />
  );
}
