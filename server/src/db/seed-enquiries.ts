import { addDays, todayInIndia } from '@app/common/rules/dates';
import { and, asc, eq, like } from 'drizzle-orm';
import type { EnquirySource, EnquiryStage, LostReason } from '@app/common/schemas/enquiries';
import { indianPhoneDigits } from '@app/common/schemas/fields';
import type { Db } from './client.ts';
import { enquiries, enquiryActivities, users } from './schema.ts';
import { STAMP_OF } from '../modules/enquiries/stages.ts';

// Sample enquiries for the admissions desk (demo content, docs/product-admissions-desk.md): every stage,
// the three centres and several sources, with their activities, so the desk's lists, the follow-ups and
// the funnel show something on a fresh install. Each one says in its notes that it is sample data; they
// are added once (when no sample enquiry exists) and an institute deletes them with the rest of the demo.

export const SAMPLE_ENQUIRY_NOTE = 'Sample enquiry (demo content): not a real person.';
const DAY = 86_400_000;

type Sample = {
  name: string;
  phone: string;
  email?: string;
  classYear: string;
  centre: 'dumdum' | 'kasba' | 'shrirampur';
  source: EnquirySource;
  /** The stages it went through, in order; the last is where it stands. */
  path: EnquiryStage[];
  lostReason?: LostReason;
  /** Days ago it came in. */
  ageDays: number;
  /** Days from today of the next follow-up (negative: overdue). */
  followUp?: number;
  message?: string;
};

const SAMPLES: Sample[] = [
  {
    name: 'Ananya Ghosh',
    phone: '90000 10001',
    email: 'ananya.sample@example.com',
    classYear: 'Class 12',
    centre: 'kasba',
    source: 'walk_in',
    path: ['new'],
    ageDays: 0,
    followUp: 0,
  },
  {
    name: 'Rohan Das',
    phone: '90000 10002',
    classYear: 'Class 11',
    centre: 'kasba',
    source: 'phone',
    path: ['new', 'contacted'],
    ageDays: 3,
    followUp: -1,
  },
  {
    name: 'Sneha Paul',
    phone: '90000 10003',
    email: 'sneha.sample@example.com',
    classYear: 'Class 12',
    centre: 'kasba',
    source: 'contact_page',
    path: ['new', 'contacted', 'counselling_booked'],
    ageDays: 6,
    followUp: 1,
    message: 'Do you have a weekend CLAT batch?',
  },
  {
    name: 'Arjun Sen',
    phone: '90000 10004',
    classYear: 'Dropper',
    centre: 'kasba',
    source: 'referral',
    path: ['new', 'contacted', 'visited'],
    ageDays: 12,
    followUp: 0,
  },
  {
    name: 'Priya Mondal',
    phone: '90000 10005',
    email: 'priya.sample@example.com',
    classYear: 'Class 12',
    centre: 'kasba',
    source: 'social_media',
    path: ['new', 'contacted', 'counselling_booked', 'visited', 'applied'],
    ageDays: 18,
  },
  {
    name: 'Kunal Basu',
    phone: '90000 10006',
    classYear: 'Class 12',
    centre: 'kasba',
    source: 'walk_in',
    path: ['new', 'contacted', 'visited', 'applied', 'admitted'],
    ageDays: 25,
  },
  {
    name: 'Ishita Roy',
    phone: '90000 10007',
    classYear: 'Class 11',
    centre: 'kasba',
    source: 'phone',
    path: ['new', 'contacted', 'lost'],
    lostReason: 'fees',
    ageDays: 20,
  },
  {
    name: 'Debjit Saha',
    phone: '90000 10008',
    classYear: '1st year LLB',
    centre: 'dumdum',
    source: 'website_form',
    path: ['new'],
    ageDays: 9,
  },
  {
    name: 'Moumita Pal',
    phone: '90000 10009',
    email: 'moumita.sample@example.com',
    classYear: 'Class 12',
    centre: 'dumdum',
    source: 'walk_in',
    path: ['new', 'contacted', 'counselling_booked'],
    ageDays: 4,
    followUp: -2,
  },
  {
    name: 'Sayan Chatterjee',
    phone: '90000 10010',
    classYear: 'Graduate',
    centre: 'dumdum',
    source: 'referral',
    path: ['new', 'contacted', 'visited', 'applied', 'admitted'],
    ageDays: 35,
  },
  {
    name: 'Tanya Biswas',
    phone: '90000 10011',
    classYear: 'Class 12',
    centre: 'dumdum',
    source: 'social_media',
    path: ['new', 'lost'],
    lostReason: 'unreachable',
    ageDays: 15,
  },
  {
    name: 'Rahul Dutta',
    phone: '90000 10012',
    classYear: 'Class 12',
    centre: 'shrirampur',
    source: 'phone',
    path: ['new', 'contacted'],
    ageDays: 2,
    followUp: 0,
  },
  {
    name: 'Pooja Sarkar',
    phone: '90000 10013',
    email: 'pooja.sample@example.com',
    classYear: 'Graduate',
    centre: 'shrirampur',
    source: 'contact_page',
    path: ['new', 'contacted', 'visited'],
    ageDays: 10,
    message: 'Is there a judiciary batch in the evening?',
  },
  {
    name: 'Aditya Kar',
    phone: '90000 10014',
    classYear: 'Class 12',
    centre: 'shrirampur',
    source: 'walk_in',
    path: ['new', 'contacted', 'counselling_booked', 'visited', 'lost'],
    lostReason: 'joined_elsewhere',
    ageDays: 28,
  },
  {
    name: 'Nandini Jana',
    phone: '90000 10015',
    classYear: 'Class 12',
    centre: 'shrirampur',
    source: 'other',
    path: ['new', 'contacted', 'counselling_booked', 'visited', 'applied', 'admitted'],
    ageDays: 40,
  },
];

const ACTIVITY_OF: Partial<Record<EnquiryStage, { kind: 'call' | 'visit' | 'note'; outcome: string }>> = {
  contacted: { kind: 'call', outcome: 'Called: interested, asked about fees and batch timings.' },
  counselling_booked: { kind: 'note', outcome: 'Counselling session booked with the centre.' },
  visited: { kind: 'visit', outcome: 'Visited the centre with a parent; saw a class.' },
  applied: { kind: 'note', outcome: 'Sent the admission request.' },
  admitted: { kind: 'note', outcome: 'Admission approved.' },
  lost: { kind: 'call', outcome: 'Called: will not join.' },
};

/** Adds the sample enquiries when none is there (every start calls it); owners are the centre's counsellor, else an admin. */
export async function seedDemoEnquiries(db: Db) {
  const [existing] = await db
    .select({ id: enquiries.id })
    .from(enquiries)
    .where(like(enquiries.notes, `${SAMPLE_ENQUIRY_NOTE}%`))
    .limit(1);
  if (existing) return;
  const [counsellor] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, 'counsellor.kasba@lawcoaching.local'), eq(users.isActive, true)));
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  const now = Date.now();
  const today = todayInIndia(new Date(now));
  for (const s of SAMPLES) {
    const created = new Date(now - s.ageDays * DAY);
    // The stages are spread over the days since it came in, each a little after the one before.
    const steps = s.path.slice(1);
    const at = (i: number) => new Date(created.getTime() + ((i + 1) * (now - created.getTime())) / (steps.length + 1));
    const stage = s.path[s.path.length - 1];
    const stamps: Record<string, Date> = {};
    steps.forEach((step, i) => {
      if (step !== 'new') stamps[STAMP_OF[step]] = at(i);
    });
    const ownerId = (s.centre === 'kasba' ? counsellor?.id : undefined) ?? admin?.id ?? null;
    const open = stage !== 'admitted' && stage !== 'lost';
    const [row] = await db
      .insert(enquiries)
      .values({
        name: s.name,
        phone: s.phone,
        phoneDigits: indianPhoneDigits(s.phone),
        email: s.email ?? null,
        classYear: s.classYear,
        centreId: s.centre,
        source: s.source,
        stage,
        lostReason: s.lostReason ?? null,
        message: s.message ?? '',
        notes: SAMPLE_ENQUIRY_NOTE,
        ownerId,
        nextFollowUp: open && s.followUp !== undefined ? addDays(today, s.followUp) : null,
        ...stamps,
        lastActivityAt: steps.length > 0 ? at(steps.length - 1) : created,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: enquiries.id });
    await db.insert(enquiryActivities).values([
      { enquiryId: row.id, kind: 'created' as const, outcome: 'Enquiry recorded (sample data)', actorId: ownerId, createdAt: created },
      ...steps.flatMap((step, i) => {
        const activity = ACTIVITY_OF[step];
        return activity ? [{ enquiryId: row.id, kind: activity.kind, outcome: activity.outcome, actorId: ownerId, createdAt: at(i) }] : [];
      }),
    ]);
  }
}
