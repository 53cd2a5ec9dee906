import { z } from 'zod';
import { BATCH_PREFERENCES, CENTRE_IDS, FEE_TYPES, GALLERY_CATEGORIES } from '../constants.ts';
import { feePlanResponse } from './courses.ts';
import { blankAsMissing, email, isBlank, phone, text } from './fields.ts';

// The public site the institute edits itself (docs/product-site.md): the home page's hero, "why choose
// us" and principal, the about page, the FAQ, toppers, testimonials, the gallery, the images they show and
// the contact page's enquiries. Text fields hold Markdown (the papers' kind, docs/product-papers.md),
// stored as written and rendered sanitised by web/src/lib/markdown.ts.

export const SITE_MSG = {
  imageUrl: 'Choose an image uploaded to this site (POST /api/site/images)',
  imageNotFound: 'This image is not on the site any more: upload it again',
  href: 'A link is a page of this site (/courses) or a full https:// address',
  rankOrScore: 'Give the rank or the score',
  topperNotFound: 'Topper not found',
  testimonialNotFound: 'Testimonial not found',
  imageGone: 'Image not found',
  courseNotFound: 'Course not found',
  nothingToChange: 'Send at least one field to change',
  enquirySent: 'Thank you. Your enquiry has reached the centre; we will call you back soon.',
} as const;

/** Widths (px) each uploaded site image is resized to: the phone, the tablet and the wide desktop hero. */
export const SITE_IMAGE_WIDTHS = [480, 960, 1600] as const;
/** Largest site image accepted, checked before any parsing (the gallery's limit, server/src/lib/storage.ts). */
export const SITE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Largest picture decoded: 50 megapixels (a 5 MB file can hold a far larger one, which would fill the memory). */
export const SITE_IMAGE_MAX_PIXELS = 50_000_000;
export const SITE_IMAGE_MESSAGES = {
  notMultipart: 'Send the image as multipart/form-data in the field "file"',
  missing: 'Please choose an image to upload in the field "file"',
  empty: 'The file is empty',
  tooLarge: 'The image is too large: at most 5 MB',
  notImage: 'Only PNG, JPEG or WebP images can be uploaded',
  unreadable: 'The image could not be read: it is damaged or not a PNG, JPEG or WebP picture',
  tooManyPixels: 'The image is too large: at most 50 megapixels',
  slow: 'The image took too long to resize: try a smaller picture',
  busy: 'The server is busy resizing other images. Please try again in a minute.',
} as const;

/** URL of a served site image file (every variant is one). */
export const SITE_IMAGE_URL = /^\/api\/site\/images\/files\/[0-9a-f-]{36}\.(webp|jpg|png)$/;

/** One resized copy: its URL and width, what `srcset` lists (`url 480w`). */
export const imageVariantSchema = z.object({ url: z.string(), width: z.number() });
export type ImageVariant = z.infer<typeof imageVariantSchema>;

/**
 * An uploaded site image: `url` is its largest copy, `variants` every copy narrowest first (the
 * original is not kept: its camera metadata goes with it), `width`/`height` the largest copy's size
 * (the page's `width`/`height` attributes, so nothing shifts when it loads).
 */
export const siteImageSchema = z.object({
  _id: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
  variants: z.array(imageVariantSchema),
});
export type SiteImage = z.infer<typeof siteImageSchema>;

/** `srcset` of an image: every copy with its width. */
export const srcSetOf = (image: Pick<SiteImage, 'variants'>): string => image.variants.map((v) => `${v.url} ${v.width}w`).join(', ');

/** Optional image field: blank or null is none; else the URL of an uploaded site image (any of its copies). */
const imageUrl = blankAsMissing(z.string({ error: SITE_MSG.imageUrl }).trim().regex(SITE_IMAGE_URL, SITE_MSG.imageUrl).optional());

/** Markdown text (sanitised when rendered). */
const markdown = (label: string, max: number) => text(label, max);

/** A button's target: a page of this site, a full https address, a tel: or mailto: link. */
const href = z
  .string({ error: SITE_MSG.href })
  .trim()
  .min(1, SITE_MSG.href)
  .max(500, SITE_MSG.href)
  .refine((v) => /^\/(?!\/)[^\s]*$/.test(v) || /^https:\/\/[^\s]+$/.test(v) || /^(tel|mailto):[^\s]+$/.test(v), SITE_MSG.href);

export const siteButtonSchema = z.object({ label: text('Button label', 60), href });
export type SiteButton = z.infer<typeof siteButtonSchema>;
/** A button not given: absent, null, or both its label and its link left blank (a form's empty pair). */
const isBlankButton = (v: unknown) =>
  v === null || (typeof v === 'object' && isBlank((v as SiteButton).label ?? '') && isBlank((v as SiteButton).href ?? ''));
const optionalButton = z.preprocess((v) => (isBlankButton(v) ? undefined : v), siteButtonSchema.optional());

const titledText = z.object({ title: text('Title', 120), text: markdown('Text', 2000) });

// --- GET/PUT /api/site/home

export const siteHomeBody = z.object({
  hero: z.object(
    {
      headline: text('Headline', 160),
      text: markdown('Hero text', 1000),
      imageUrl,
      primaryButton: optionalButton,
      secondaryButton: optionalButton,
    },
    { error: 'Hero is required' },
  ),
  whyChooseUs: z.array(titledText, { error: 'Why choose us must be a list' }).max(12, 'Why choose us: at most 12 points'),
  principal: z.object(
    {
      name: text('Principal name', 120),
      photoUrl: imageUrl,
      message: markdown('Principal message', 5000),
    },
    { error: 'Principal is required' },
  ),
});
export type SiteHomeBody = z.input<typeof siteHomeBody>;
export type SiteHomeValues = z.output<typeof siteHomeBody>;

/** The home content as served: the body, each image resolved to its copies, and when it last changed. */
export const siteHomeSchema = z.object({
  hero: z.object({
    headline: z.string(),
    text: z.string(),
    imageUrl: z.string().optional(),
    image: siteImageSchema.optional(),
    primaryButton: siteButtonSchema.optional(),
    secondaryButton: siteButtonSchema.optional(),
  }),
  whyChooseUs: z.array(z.object({ title: z.string(), text: z.string() })),
  principal: z.object({
    name: z.string(),
    photoUrl: z.string().optional(),
    photo: siteImageSchema.optional(),
    message: z.string(),
  }),
  updatedAt: z.string().nullable(),
});
export type SiteHome = z.infer<typeof siteHomeSchema>;

// --- GET/PUT /api/site/about

export const siteAboutBody = z.object({
  story: markdown('Story', 10_000),
  achievements: z.array(titledText, { error: 'Achievements must be a list' }).max(30, 'Achievements: at most 30'),
});
export type SiteAboutBody = z.input<typeof siteAboutBody>;
export const siteAboutSchema = z.object({
  story: z.string(),
  achievements: z.array(z.object({ title: z.string(), text: z.string() })),
  updatedAt: z.string().nullable(),
});
export type SiteAbout = z.infer<typeof siteAboutSchema>;

// --- GET/PUT /api/site/faq

export const siteFaqBody = z.object({
  items: z
    .array(z.object({ question: text('Question', 300), answer: markdown('Answer', 3000) }), { error: 'Items must be a list' })
    .max(60, 'FAQ: at most 60 questions'),
});
export type SiteFaqBody = z.input<typeof siteFaqBody>;
export const siteFaqSchema = z.object({
  items: z.array(z.object({ question: z.string(), answer: z.string() })),
  updatedAt: z.string().nullable(),
});
export type SiteFaq = z.infer<typeof siteFaqSchema>;

// --- Ordered lists: toppers and testimonials

const YEAR_MIN = 1990;
const YEAR_MAX = 2100;
/** A blank year is missing ("Year is required"), not year 0. */
const yearField = blankAsMissing(
  z.coerce
    .number({ error: 'Year is required' })
    .int('Year must be a whole number')
    .min(YEAR_MIN, `Year must be from ${YEAR_MIN} to ${YEAR_MAX}`)
    .max(YEAR_MAX, `Year must be from ${YEAR_MIN} to ${YEAR_MAX}`),
);
/** Where an item goes in its list, 0 first; a position past the end puts it last. */
const positionField = z.coerce
  .number({ error: 'Position must be a number' })
  .int('Position must be a whole number')
  .min(0, 'Position must be 0 or more');

const topperFields = {
  photoUrl: imageUrl,
  name: text('Name', 120),
  /** The exam as the institute writes it: "CLAT", "WBJS". */
  exam: text('Exam', 120),
  year: yearField,
  rank: blankAsMissing(
    z.coerce.number({ error: 'Rank must be a number' }).int('Rank must be a whole number').min(1, 'Rank must be 1 or more').optional(),
  ),
  /** A score as shown: "99.2 percentile", "142/150". */
  score: blankAsMissing(z.string().trim().max(60, 'Score is too long').optional()),
  centre: z.enum(CENTRE_IDS, { error: `Centre must be one of ${CENTRE_IDS.join(', ')}` }),
  quote: blankAsMissing(markdown('Quote', 1000).optional()),
  /** The course the topper took: their card is shown on that course's page. */
  course: blankAsMissing(z.uuid({ error: SITE_MSG.courseNotFound }).optional()),
};

export const topperBody = z
  .object({ ...topperFields, position: positionField.optional() })
  .refine((t) => t.rank !== undefined || t.score !== undefined, { path: ['rank'], message: SITE_MSG.rankOrScore });
export type TopperBody = z.input<typeof topperBody>;
/** PATCH: any field; `position` alone reorders. Null clears an optional field. */
export const topperPatchBody = z
  .object({ ...topperFields, position: positionField })
  .partial()
  .refine((t) => Object.keys(t).length > 0, SITE_MSG.nothingToChange);
export type TopperPatchBody = z.input<typeof topperPatchBody>;

export const topperSchema = z.object({
  _id: z.string(),
  photoUrl: z.string().optional(),
  photo: siteImageSchema.optional(),
  name: z.string(),
  exam: z.string(),
  year: z.number(),
  rank: z.number().optional(),
  score: z.string().optional(),
  centre: z.enum(CENTRE_IDS),
  centreName: z.string(),
  quote: z.string().optional(),
  course: z.object({ _id: z.string(), name: z.string(), slug: z.string() }).optional(),
  position: z.number(),
});
export type Topper = z.infer<typeof topperSchema>;
export const topperListResponse = z.array(topperSchema);

const testimonialFields = {
  name: text('Name', 120),
  /** The course as the student names it ("CLAT Preparation"). */
  course: text('Course', 120),
  year: yearField,
  text: markdown('Text', 2000),
  photoUrl: imageUrl,
};
export const testimonialBody = z.object({ ...testimonialFields, position: positionField.optional() });
export type TestimonialBody = z.input<typeof testimonialBody>;
export const testimonialPatchBody = z
  .object({ ...testimonialFields, position: positionField })
  .partial()
  .refine((t) => Object.keys(t).length > 0, SITE_MSG.nothingToChange);
export type TestimonialPatchBody = z.input<typeof testimonialPatchBody>;

export const testimonialSchema = z.object({
  _id: z.string(),
  name: z.string(),
  course: z.string(),
  year: z.number(),
  text: z.string(),
  photoUrl: z.string().optional(),
  photo: siteImageSchema.optional(),
  /** Shown in the photo's place when there is none: "Riya Sen" is "RS". */
  initials: z.string(),
  position: z.number(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;
export const testimonialListResponse = z.array(testimonialSchema);

// --- Gallery: POST /api/gallery (multipart: file, category, caption), PATCH/DELETE /api/gallery/{id}

export const galleryUploadFields = z.object({
  category: z.enum(GALLERY_CATEGORIES, { error: `Category must be one of ${GALLERY_CATEGORIES.join(', ')}` }),
  caption: text('Caption', 200),
});
export type GalleryUploadFields = z.input<typeof galleryUploadFields>;

export const galleryPatchBody = z
  .object({
    caption: text('Caption', 200),
    category: z.enum(GALLERY_CATEGORIES, { error: `Category must be one of ${GALLERY_CATEGORIES.join(', ')}` }),
    position: positionField,
    hidden: z.boolean({ error: 'Hidden must be true or false' }),
  })
  .partial()
  .refine((t) => Object.keys(t).length > 0, SITE_MSG.nothingToChange);
export type GalleryPatchBody = z.input<typeof galleryPatchBody>;

/**
 * A gallery image. `url` is its largest copy, `variants` its copies for `srcset`; `title` repeats the
 * caption for the pages written before captions had their name.
 */
export const galleryImageSchema = z.object({
  _id: z.string(),
  caption: z.string(),
  title: z.string(),
  category: z.enum(GALLERY_CATEGORIES),
  url: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  variants: z.array(imageVariantSchema),
  hidden: z.boolean(),
  position: z.number(),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;
/** GET /api/gallery (public: the shown images in order), GET /api/gallery/all (the site editor: hidden too). */
export const galleryListResponse = z.array(galleryImageSchema);

// --- The contact page's enquiry: POST /api/public/enquiries (the admissions desk keeps it: schemas/enquiries.ts)

export const enquiryBody = z.object({
  name: text('Name', 120),
  phone: phone('Phone number'),
  email: blankAsMissing(email.optional()),
  /** A course's id. */
  course: blankAsMissing(z.uuid({ error: 'Please select a valid course' }).optional()),
  centre: blankAsMissing(z.enum(CENTRE_IDS, { error: 'Please select a valid centre' }).optional()),
  message: text('Message', 2000),
});
export type EnquiryBody = z.input<typeof enquiryBody>;
export const enquiryCreatedResponse = z.object({ _id: z.string(), message: z.string() });

// --- GET /api/courses/{slug}: a course's public page

// The slug rule lives with the course's schemas (courses.ts); re-exported for the site's pages.
export { SLUG_MSG, SLUG_RE, slugify } from './courses.ts';

export const coursePageSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  duration: z.string(),
  category: z.string(),
  price: z.number(),
  feeType: z.enum(FEE_TYPES),
  feePlan: feePlanResponse,
  features: z.array(z.string()),
  isActive: z.boolean(),
  /** Centres with an active batch of the course (running or upcoming); none listed means no batch is planned yet. */
  centres: z.array(z.object({ id: z.string(), name: z.string(), location: z.string(), address: z.string(), phone: z.string() })),
  /** Active batches starting today or later, soonest first. */
  upcomingBatches: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      centre: z.string(),
      centreName: z.string(),
      timing: z.enum(Object.keys(BATCH_PREFERENCES) as [keyof typeof BATCH_PREFERENCES]),
      timingLabel: z.string(),
      startsOn: z.string(),
      endsOn: z.string(),
    }),
  ),
  toppers: z.array(topperSchema),
});
export type CoursePage = z.infer<typeof coursePageSchema>;

// --- Sitemap: the pages a visitor can open (GET /sitemap.xml lists them and every active course)

export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/courses',
  '/results',
  '/contact',
  '/nlu-predictor',
  '/admission-request',
  '/admission-status',
  '/application-form',
  '/login',
] as const;
/** What robots.txt keeps out: the API, the signed-in areas and the pages of one person's link or account. */
export const ROBOTS_DISALLOW = ['/api/', '/admin/', '/student/', '/account/', '/payment/', '/reset-password/', '/dev/'] as const;
