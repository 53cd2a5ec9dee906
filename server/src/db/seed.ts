import { INSTITUTE_NAME } from '@app/common/constants';
import { seedDemoQuestionBank } from './seed-question-bank.ts';
import { type DemoParentLogin, seedDemoParent } from './seed-parents.ts';
import { type DemoStaffLogin, seedDemoStaff } from './seed-staff.ts';
import { seedDemoEnquiries } from './seed-enquiries.ts';
import { seedSampleFlashcards } from './seed-flashcards.ts';
import { seedDemoNluCutoffs } from './seed-nlu.ts';
import { seedDemoDailyQuizzes } from './seed-daily-quiz.ts';
import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import { generatePassword, hashPassword } from '../lib/passwords.ts';
import { sniffImage } from '../lib/storage.ts';
import { GALLERY_SEED_DIR } from '../paths.ts';
import { seedDemoBatches } from './seed-batches.ts';
import { makeGalleryCopies, seedDemoSite, seedSiteContent } from './seed-site.ts';
import { slugify } from '@app/common/schemas/courses';
import { seedDemoNotificationPreferences } from './seed-notifications.ts';
import { seedDemoExam } from './seed-exams.ts';
import { seedDemoMaterials } from './seed-materials.ts';
import { demoFeePlan } from './seed-fee-plans.ts';
import { seedDemoObjections } from './seed-regrade.ts';
import { announcements, centres, courses, galleryImages, instituteSettings, users } from './schema.ts';

const GALLERY_DIR = GALLERY_SEED_DIR;

// docs/product.md section 1 gives the ids and names; addresses and phones are demo values an institute replaces.
export const CENTRES = [
  {
    id: 'dumdum',
    name: 'Dumdum Centre',
    location: 'Dumdum, Kolkata',
    address: '12 Jessore Road, Near Dumdum Metro Station, Kolkata 700028',
    phone: '+91 33 2550 1201',
    facilities: ['Air-conditioned classrooms', 'Law library', 'Mock test hall'],
  },
  {
    id: 'kasba',
    name: 'Kasba/Ballygunge Centre',
    location: 'Kasba, Kolkata',
    address: '45 Rashbehari Connector, Kasba, Kolkata 700042',
    phone: '+91 33 2442 3402',
    facilities: ['Smart classrooms', 'Reading room', 'Doubt-clearing desk'],
  },
  {
    id: 'shrirampur',
    name: 'Shrirampur Centre',
    location: 'Shrirampur, Hooghly',
    address: '8 G.T. Road, Near Serampore Station, Shrirampur, Hooghly 712201',
    phone: '+91 33 2652 5603',
    facilities: ['Classrooms', 'Study room', 'Weekend batches'],
  },
];

// docs/product.md section 9's four courses, as real rows.
const COURSES = [
  {
    name: 'CLAT Preparation',
    description:
      'Complete preparation for the Common Law Admission Test: legal reasoning, logical reasoning, English, current affairs and quantitative techniques.',
    pricePaise: 25_000_00,
    duration: '6 months',
    category: 'Entrance',
    features: [
      'Weekly full-length mock tests',
      'Legal reasoning workshops',
      'Current affairs capsules',
      'Personal mentoring',
      'Previous years papers solved',
    ],
  },
  {
    name: 'AILET Preparation',
    description: 'Focused coaching for the All India Law Entrance Test of NLU Delhi with sectional practice and timed mocks.',
    pricePaise: 22_000_00,
    duration: '5 months',
    category: 'Entrance',
    features: ['AILET-pattern mocks', 'Reasoning drills', 'English comprehension practice', 'Doubt sessions'],
  },
  {
    name: 'LSAT Preparation',
    description: 'Preparation for LSAT India: analytical reasoning, logical reasoning and reading comprehension.',
    pricePaise: 20_000_00,
    duration: '4 months',
    category: 'Entrance',
    features: ['Analytical reasoning drills', 'Timed practice sets', 'Strategy classes'],
  },
  {
    name: 'Judiciary Exam',
    description: 'Coaching for the West Bengal judicial service and other state judiciary examinations: prelims, mains and interview.',
    pricePaise: 30_000_00,
    duration: '8 months',
    category: 'Judiciary',
    features: [
      'Bare act reading sessions',
      'Judgment writing practice',
      'Answer writing evaluation',
      'Interview preparation',
      'Local laws of West Bengal',
      'Test series',
    ],
  },
];

const day = 24 * 60 * 60 * 1000;
const ANNOUNCEMENTS = [
  {
    title: 'Admissions open for the 2026-27 CLAT batch',
    content:
      'Admissions are open at all three centres for the 2026-27 CLAT batch. Morning, evening and weekend batches are available. Request admission online and our counsellors will contact you.',
    type: 'admission',
    priority: 'high',
    targetAudience: 'all',
    ageDays: 1,
  },
  {
    title: 'Free CLAT mock test this Sunday',
    content:
      'A free full-length CLAT mock test will be held this Sunday at 10 AM at the Dumdum and Kasba centres. Bring your admit slip and a pen.',
    type: 'exam_schedule',
    priority: 'urgent',
    targetAudience: 'all',
    ageDays: 2,
  },
  {
    title: 'Centres closed for Durga Puja',
    content: 'All centres will remain closed during the Durga Puja holidays. Online mock tests stay available to enrolled students.',
    type: 'holiday',
    priority: 'medium',
    targetAudience: 'all',
    ageDays: 3,
  },
  {
    title: 'Judiciary answer-writing workshop',
    content:
      'A two-day answer-writing workshop for judiciary aspirants will be conducted by retired judicial officers at the Shrirampur centre.',
    type: 'announcement',
    priority: 'medium',
    targetAudience: 'all',
    ageDays: 5,
  },
  {
    title: 'Scholarship test for meritorious students',
    content:
      'Students scoring above 90 percent in Class XII can sit our scholarship test for up to 50 percent fee waiver on the CLAT and AILET courses. Register at any centre.',
    type: 'notice',
    priority: 'medium',
    targetAudience: 'all',
    ageDays: 8,
  },
  {
    title: 'Library timings extended',
    content: 'The law library at the Kasba centre is now open until 8 PM on weekdays for enrolled students.',
    type: 'notice',
    priority: 'low',
    targetAudience: 'students',
    ageDays: 6,
  },
  {
    title: 'Fee instalment reminder',
    content: 'The second instalment of the course fee is due by the end of this month. Pay online from your dashboard.',
    type: 'notice',
    priority: 'high',
    targetAudience: 'students',
    ageDays: 7,
  },
  {
    title: 'Faculty meeting on Friday',
    content: 'All faculty and centre admins: monthly review meeting on Friday at 5 PM at the Kasba centre.',
    type: 'other',
    priority: 'medium',
    targetAudience: 'admin',
    ageDays: 4,
  },
] as const;

const DEFAULT_ADMIN_EMAIL = 'admin@lawcoaching.local';

/** Reference data and, on an empty database, demo content. Safe to run on every start. */
export async function seed(
  ctx: Ctx,
  /** `log`: where a seeded image that cannot be resized is reported (the server's logger). */
  opts: { demo: boolean; log?: { warn: (details: object, message: string) => void } },
): Promise<{
  adminEmail: string;
  generatedPassword?: string;
  created: boolean;
  demoStaff?: DemoStaffLogin[];
  demoParent?: DemoParentLogin | null;
}> {
  const { db } = ctx;
  await db.insert(centres).values(CENTRES).onConflictDoNothing();
  // The profile the footer showed before it was editable: the institute's name and its Dumdum centre's
  // address and phone. No e-mail and no social links are known: they stay empty (and hidden) until an admin
  // sets them at /admin/settings; tax numbers likewise.
  await db
    .insert(instituteSettings)
    .values({ id: 'institute', name: INSTITUTE_NAME, address: CENTRES[0].address, phone: CENTRES[0].phone })
    .onConflictDoNothing();

  await seedSiteContent(db);

  const admin = await ensureAdmin(ctx);
  if (!opts.demo) {
    await makeGalleryCopies(ctx, opts.log);
    return admin;
  }

  const [{ n: courseCount }] = await db.select({ n: count() }).from(courses);
  if (courseCount === 0) {
    await db
      .insert(courses)
      .values(COURSES.map((c) => ({ ...c, slug: slugify(c.name), feeType: 'full' as const, feePlan: demoFeePlan(c.name) })));
    const now = Date.now();
    await db.insert(announcements).values(ANNOUNCEMENTS.map(({ ageDays, ...a }) => ({ ...a, publishDate: new Date(now - ageDays * day) })));
  }
  // Batches first: a demo exam is scheduled for one of them.
  await seedDemoBatches(db);
  await seedDemoExam(db);
  await seedDemoQuestionBank(db);
  await seedDemoNotificationPreferences(db);
  await seedDemoObjections(db);
  const [{ n: imageCount }] = await db.select({ n: count() }).from(galleryImages);
  if (imageCount === 0) await seedGallery(ctx);
  await makeGalleryCopies(ctx, opts.log);
  await seedDemoSite(db);
  await seedDemoMaterials(ctx);
  await seedDemoNluCutoffs(db);
  await seedSampleFlashcards(db);
  await seedDemoDailyQuizzes(db);
  // Never in production: their generated passwords are printed at the start that creates them, into a
  // journal others read, and each account opens the back office (docs/operations.md, "Demo content").
  if (ctx.config.NODE_ENV === 'production') {
    await seedDemoEnquiries(db);
    return admin;
  }
  const demoStaff = await seedDemoStaff(db);
  // After the staff: the Kasba counsellor owns Kasba's sample enquiries.
  await seedDemoEnquiries(db);
  // After the demo candidates and the batches: the sample parent's children are two of them.
  const demoParent = await seedDemoParent(db);
  return { ...admin, demoStaff, demoParent };
}

async function ensureAdmin(ctx: Ctx) {
  const email = (ctx.config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return { adminEmail: email, created: false };
  const generatedPassword = ctx.config.ADMIN_PASSWORD ? undefined : generatePassword();
  await ctx.db
    .insert(users)
    .values({
      firstName: 'Institute',
      lastName: 'Admin',
      email,
      role: 'admin',
      passwordHash: await hashPassword(ctx.config.ADMIN_PASSWORD ?? generatedPassword!),
    })
    .onConflictDoNothing({ target: users.email });
  return { adminEmail: email, generatedPassword, created: true };
}

async function seedGallery(ctx: Ctx) {
  const manifestFile = path.join(GALLERY_DIR, 'manifest.json');
  if (!fs.existsSync(manifestFile)) return;
  const manifest: { file: string; title: string; category: string }[] = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  let position = 0;
  for (const item of manifest) {
    const data = fs.readFileSync(path.join(GALLERY_DIR, item.file));
    const type = sniffImage(data);
    if (!type) continue;
    const storageKey = await ctx.storage.put(data, type.extension);
    await ctx.db.insert(galleryImages).values({
      title: item.title,
      category: item.category,
      storageKey,
      contentType: type.contentType,
      position: position++,
    });
  }
}
