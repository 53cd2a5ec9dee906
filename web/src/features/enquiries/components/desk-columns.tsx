import { formatDay } from '@app/common/rules/dates';
import { type DeskEnquiry, ENQUIRY_SOURCE_LABELS } from '@app/common/schemas/enquiries';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { followUpStanding, telLink } from '../desk-format.ts';
import { DESK_MSG } from '../messages.ts';
import { StageBadge } from './stage-badge.tsx';

/** The enquiry's name, linking to it, with the flag of one nobody has touched for a week. */
export function EnquiryName({ e }: { e: DeskEnquiry }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <Link to={`/admin/enquiries/${e._id}`} className="font-semibold text-brand-800 hover:underline">
        {e.name}
      </Link>
      {e.stale && <Badge tone="amber">{DESK_MSG.stale}</Badge>}
    </span>
  );
}

/** The follow-up day, marked when it is overdue or today. */
export function FollowUp({ day }: { day: string | null }) {
  const standing = followUpStanding(day);
  if (!day) return <span className="text-slate-500">None</span>;
  return (
    <span className="flex flex-wrap items-center gap-1.5 whitespace-nowrap">
      {formatDay(day)}
      {standing === 'overdue' && <Badge tone="red">Overdue</Badge>}
      {standing === 'today' && <Badge tone="green">Today</Badge>}
    </span>
  );
}

export const nameColumn: Column<DeskEnquiry> = { header: 'Name', rowHeader: true, hideInCard: true, cell: (e) => <EnquiryName e={e} /> };
export const phoneColumn: Column<DeskEnquiry> = {
  header: 'Phone',
  className: 'whitespace-nowrap',
  cell: (e) => (
    <a href={telLink(e.phone)} className="text-brand-700 hover:underline">
      {e.phone}
    </a>
  ),
};
export const courseColumn: Column<DeskEnquiry> = { header: 'Course', cell: (e) => e.course?.name ?? '—' };
export const centreColumn: Column<DeskEnquiry> = { header: 'Centre', cell: (e) => e.centre?.name ?? 'Any centre' };
export const sourceColumn: Column<DeskEnquiry> = { header: 'Source', cell: (e) => ENQUIRY_SOURCE_LABELS[e.source] };
export const stageColumn: Column<DeskEnquiry> = { header: 'Stage', hideInCard: true, cell: (e) => <StageBadge stage={e.stage} /> };
export const ownerColumn: Column<DeskEnquiry> = { header: 'Owner', cell: (e) => e.owner?.name ?? 'Nobody' };
export const followUpColumn: Column<DeskEnquiry> = { header: 'Next follow-up', cell: (e) => <FollowUp day={e.nextFollowUp} /> };
