import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_TYPES } from '@app/common/constants';
import { formatAnnouncementType } from '@app/common/rules/text';
import type { Announcement } from '@app/common/schemas/announcements';

type Priority = Announcement['priority'];
type Audience = Announcement['targetAudience'];

/** Table label of a type (docs/product.md section 3): uppercase with spaces, the default type reads 'Announcement'. */
export const typeLabel = (type: Announcement['type']) => formatAnnouncementType(type) ?? 'Announcement';

const title = (s: string) => s.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

export const PRIORITY_TONE: Record<Priority, 'red' | 'amber' | 'blue' | 'slate'> = {
  urgent: 'red',
  high: 'amber',
  medium: 'blue',
  low: 'slate',
};

export const AUDIENCE_LABELS: Record<Audience, string> = { all: 'All', students: 'Students', admin: 'Admin' };

export const typeOptions = ANNOUNCEMENT_TYPES.map((v) => ({ value: v, label: title(v) }));
export const priorityOptions = ANNOUNCEMENT_PRIORITIES.map((v) => ({ value: v, label: title(v) }));
export const audienceOptions = ANNOUNCEMENT_AUDIENCES.map((v) => ({ value: v, label: AUDIENCE_LABELS[v] }));
export const priorityLabel = (p: Priority) => title(p);
