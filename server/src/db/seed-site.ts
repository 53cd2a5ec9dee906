import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { SiteHomeValues } from '@app/common/schemas/site';
import type { Ctx } from '../context.ts';
import { prepareSiteImage, saveSiteImage } from '../modules/site/images.ts';
import type { Db } from './client.ts';
import { courses, galleryImages, siteContent, testimonials, toppers } from './schema.ts';

// The public site's first content (docs/product-site.md). The home and about texts are the ones the pages
// showed before the institute could edit them (the SPEC's screens); the FAQ answers what the centres'
// desks are asked most. All of it is sample text an institute replaces at /admin/site, as are the demo
// toppers and testimonials below, whose quotes say so.

const HOME: SiteHomeValues = {
  hero: {
    headline: 'Coaching for CLAT, the judiciary and your law degree',
    text: 'Small batches, weekly mock tests and teachers who practise law. Learn at our Dumdum, Kasba/Ballygunge and Shrirampur centres, and sit your tests online.',
    primaryButton: { label: 'Request Admission', href: '/admission-request' },
    secondaryButton: { label: 'Check Admission Status', href: '/admission-status' },
  },
  whyChooseUs: [
    {
      title: 'Teachers from the courts',
      text: 'Practising advocates and retired judicial officers teach legal reasoning, bare acts and answer writing.',
    },
    {
      title: 'A test every week',
      text: 'Full-length mocks in the real exam pattern, with marks, ranks and a discussion class after each one.',
    },
    { title: 'Small batches', text: 'Batches are kept small so every student is known by name and every doubt gets an answer.' },
    {
      title: 'Material that is current',
      text: 'Printed notes, legal current affairs capsules and previous years’ papers, revised every session.',
    },
    { title: 'Personal mentoring', text: 'A mentor follows your scores, plans your revision and meets you and your parents each month.' },
    { title: 'Online exam portal', text: 'Sit timed tests from home, see your results and pay fees from your own student dashboard.' },
  ],
  principal: {
    name: 'Dr. Arundhati Sen',
    message:
      'The law rewards those who read closely, think clearly and write with care. Those habits are not gifts; they are built, one class and one test at a time.\n\nOur teachers will push you, correct you and stand by you, whether your goal is a seat at a National Law University or a place on the bench. Come with curiosity and discipline, and we will do the rest together.',
  },
};

const ABOUT = {
  story:
    'Law Coaching Institute began in 2010, when a group of advocates from the Calcutta High Court started evening classes for school leavers who wanted to study law but could not find serious preparation close to home.\n\nWe have grown to three centres, but the method has not changed: small batches, a test every week, and teachers who read every answer script. Our students prepare for CLAT, AILET and LSAT India, for the West Bengal and other state judicial services, and for their LL.B. semester examinations.\n\nOur aim is simple: every student who walks in should leave able to read a statute, argue a point and write an answer that an examiner is glad to mark.',
  achievements: [
    { title: '6,500+', text: 'students coached' },
    { title: '850+', text: 'National Law University selections' },
    { title: '140+', text: 'judicial service selections' },
    { title: '3', text: 'centres in Kolkata and Hooghly' },
  ],
};

const FAQ = {
  items: [
    {
      question: 'When do new batches start?',
      answer:
        'CLAT and AILET batches start in April and July; judiciary batches in January and June. Each course page lists its next batches.',
    },
    {
      question: 'Can I pay the fee in installments?',
      answer: 'Yes. Each course has a fee plan of up to 12 installments, shown on its page; you can pay online or at any centre.',
    },
    {
      question: 'Are the mock tests online?',
      answer: 'Weekly tests are held at the centres and on the online exam portal, so you can sit them from home.',
    },
    {
      question: 'Can I visit before taking admission?',
      answer: 'Please do: every centre is open from 9 AM to 7 PM, Monday to Saturday, and a counsellor will show you a class.',
    },
  ],
};

/** The pages' sections, where there are none yet (every environment: the pages read them). */
export async function seedSiteContent(db: Db) {
  await db
    .insert(siteContent)
    .values([
      { key: 'home', content: HOME },
      { key: 'about', content: ABOUT },
      { key: 'faq', content: FAQ },
    ])
    .onConflictDoNothing();
}

const SAMPLE = 'Sample entry: replace it at /admin/site.';

/** Three sample toppers and two testimonials (demo content), when there are none. */
export async function seedDemoSite(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(toppers);
  if (n === 0) {
    const courseId = async (name: string) =>
      (await db.select({ id: courses.id }).from(courses).where(eq(courses.name, name)).limit(1))[0]?.id ?? null;
    await db.insert(toppers).values([
      {
        name: 'Ananya Ghosh',
        exam: 'CLAT',
        year: 2025,
        rank: 38,
        centreId: 'dumdum',
        courseId: await courseId('CLAT Preparation'),
        quote: `The weekly mocks made the real paper feel familiar. ${SAMPLE}`,
        position: 0,
      },
      {
        name: 'Rohan Das',
        exam: 'AILET',
        year: 2025,
        rank: 112,
        centreId: 'kasba',
        courseId: await courseId('AILET Preparation'),
        quote: `My mentor planned every week of my revision. ${SAMPLE}`,
        position: 1,
      },
      {
        name: 'Priyanka Mondal',
        exam: 'WBJS',
        year: 2024,
        score: 'Selected, 9th in the merit list',
        centreId: 'shrirampur',
        courseId: await courseId('Judiciary Exam'),
        quote: `Answer writing practice every week is what got me through the mains. ${SAMPLE}`,
        position: 2,
      },
    ]);
  }
  const [{ n: t }] = await db.select({ n: count() }).from(testimonials);
  if (t === 0) {
    await db.insert(testimonials).values([
      {
        name: 'Sneha Roy',
        course: 'CLAT Preparation',
        year: 2025,
        text: `Small batches meant every doubt was answered the same day. ${SAMPLE}`,
        position: 0,
      },
      {
        name: 'Arjun Banerjee',
        course: 'Judiciary Exam',
        year: 2024,
        text: `The bare act sessions changed how I read a statute. ${SAMPLE}`,
        position: 1,
      },
    ]);
  }
}

/**
 * Resized copies for gallery images stored before they were made (the seeded photos, images of an older
 * version): each is read, resized in a worker thread and linked. An image that cannot be read keeps only
 * its file (logged).
 */
export async function makeGalleryCopies(ctx: Ctx, log?: { warn: (details: object, message: string) => void }) {
  const pending = await ctx.db.select().from(galleryImages).where(isNull(galleryImages.imageId)).orderBy(asc(galleryImages.position));
  for (const row of pending) {
    const data = await ctx.storage.get(row.storageKey);
    try {
      const prepared = await prepareSiteImage(ctx, data);
      await ctx.db.transaction(async (tx) => {
        const image = await saveSiteImage(tx, null, prepared);
        // Another instance starting at the same moment may have linked it first: its copies stand.
        await tx
          .update(galleryImages)
          .set({ imageId: image._id })
          .where(and(eq(galleryImages.id, row.id), isNull(galleryImages.imageId)));
      });
    } catch (err) {
      log?.warn({ err, image: row.id }, 'a gallery image could not be resized; it is shown at its stored size');
    }
  }
}
