import { z } from 'zod';
import { optionalDate } from './fields.ts';
import { parseVideoLink } from '../rules/video-links.ts';

// Study materials (docs/product-materials.md): a PDF or a YouTube / Vimeo link, for some courses and
// batches, published now or from a set time.

/** Largest PDF accepted: 50 MB. */
export const MATERIAL_MAX_BYTES = 50 * 1024 * 1024;
/** Most pages a PDF may have: every download stamps every page (a 2,000-page PDF takes a few seconds). */
export const MATERIAL_MAX_PAGES = 2_000;
/** Downloads a reader may ask for in a minute: far above a student's own use, well below what keeps a server busy. */
export const MATERIAL_DOWNLOADS_PER_MINUTE = 30;
/** Checking an upload, or stamping a copy, may take this long in the background before it is stopped. */
export const MATERIAL_PDF_SECONDS = 60;

export const MATERIAL_MSG = {
  notFound: 'Material not found',
  audienceRequired: 'Choose at least one course or batch',
  unknownCourses: (n: number) => (n === 1 ? 'A chosen course does not exist' : `${n} chosen courses do not exist`),
  unknownBatches: (n: number) => (n === 1 ? 'A chosen batch does not exist' : `${n} chosen batches do not exist`),
  videoUrl:
    'Only YouTube or Vimeo video links can be added (for example https://www.youtube.com/watch?v=... or https://vimeo.com/123456789)',
  fileMissing: 'Please choose a PDF file to upload in the field "file"',
  fileEmpty: 'The file is empty',
  fileTooLarge: 'The PDF is too large: at most 50 MB',
  notPdf: 'Only PDF files can be uploaded: this file is not a PDF',
  unreadablePdf: 'This PDF cannot be read (it is damaged or password-protected)',
  badMultipart: 'The upload could not be read: send the form as multipart/form-data with the PDF in the field "file"',
  listNotJson: (label: string) => `${label} must be a JSON list of ids, e.g. ["…"]`,
  notAVideo: 'This material is a PDF: it has no video link',
  notAPdf: 'This material is a video link: open it at its address, there is no file to download',
  deleted: 'Material deleted',
  cannotStamp: 'This PDF cannot be prepared for download. Please ask the institute to upload it again.',
  tooManyPages: (pages: number) =>
    `The PDF has ${pages.toLocaleString('en-IN')} pages: a material may have at most ${MATERIAL_MAX_PAGES.toLocaleString('en-IN')} (split it into parts)`,
  checkTooSlow: `This PDF took longer than ${MATERIAL_PDF_SECONDS} seconds to check and was refused: split it into smaller parts`,
  checkTooMuchMemory: 'This PDF needs more memory to check than an upload may use and was refused: split it into smaller parts',
  stampTooSlow: 'Your copy of this PDF took too long to prepare. Please try again later or ask the institute to split it.',
  stampTooMuchMemory: 'Your copy of this PDF needs more memory to prepare than a download may use. Please ask the institute to split it.',
  busy: 'The server is busy preparing other files: please try again in a minute',
  tooManyDownloads: `You have downloaded ${MATERIAL_DOWNLOADS_PER_MINUTE} files in the last minute: please wait a minute and try again`,
} as const;

const idList = (label: string, notFound: string) =>
  z
    .array(z.uuid({ error: notFound }), { error: `${label} must be a list of ids` })
    .max(200, `${label}: at most 200`)
    .transform((ids) => [...new Set(ids)]);

const publishAt = optionalDate('Publish at must be a valid date and time');

const fields = {
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title is at most 200 characters'),
  description: z.string({ error: 'Description must be text' }).trim().max(5000, 'Description is at most 5000 characters').optional(),
  subject: z.string({ error: 'Subject is required' }).trim().min(1, 'Subject is required').max(100, 'Subject is at most 100 characters'),
  courses: idList('Courses', MATERIAL_MSG.unknownCourses(1)).optional(),
  batches: idList('Batches', MATERIAL_MSG.unknownBatches(1)).optional(),
  publishAt,
};

const videoUrl = z
  .string({ error: MATERIAL_MSG.videoUrl })
  .trim()
  .refine((v) => parseVideoLink(v) !== null, MATERIAL_MSG.videoUrl);

const needsAudience = (v: { courses?: string[]; batches?: string[] }, ctx: z.RefinementCtx) => {
  if ((v.courses?.length ?? 0) + (v.batches?.length ?? 0) === 0) {
    ctx.addIssue({ code: 'custom', path: ['courses'], message: MATERIAL_MSG.audienceRequired });
  }
};

/** The fields of a PDF upload (multipart text fields; `courses` and `batches` already read from JSON). */
export const pdfMaterialFields = z.object(fields).superRefine(needsAudience);
export type PdfMaterialFields = z.infer<typeof pdfMaterialFields>;

/** POST /api/materials as JSON: a video link. */
export const videoMaterialBody = z.object({ ...fields, videoUrl }).superRefine(needsAudience);
export type VideoMaterialBody = z.input<typeof videoMaterialBody>;

/** PATCH /api/materials/{id}: any field; `videoUrl` for a video only. A field left out keeps its value. */
export const materialPatchBody = z.object({
  title: fields.title.optional(),
  description: fields.description,
  subject: fields.subject.optional(),
  courses: fields.courses,
  batches: fields.batches,
  publishAt,
  videoUrl: videoUrl.optional(),
});
export type MaterialPatchBody = z.input<typeof materialPatchBody>;

const named = z.object({ _id: z.string(), name: z.string() });

const common = {
  _id: z.string(),
  kind: z.enum(['pdf', 'video']),
  title: z.string(),
  description: z.string(),
  subject: z.string(),
  videoUrl: z.string().nullable(),
  videoProvider: z.enum(['youtube', 'vimeo']).nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().nullable(),
  pageCount: z.number().nullable(),
  /** When students start to see it (null: from its creation). */
  publishAt: z.string().nullable(),
  createdAt: z.string(),
};

/** A material as staff see it: its audience and its download count. */
export const materialSchema = z.object({
  ...common,
  courses: z.array(z.string()),
  batches: z.array(z.string()),
  audience: z.object({ courses: z.array(named), batches: z.array(named) }),
  isPublished: z.boolean(),
  downloads: z.number(),
  updatedAt: z.string(),
});
export type Material = z.infer<typeof materialSchema>;

/** A material as a student sees it. */
export const studentMaterialSchema = z.object(common);
export type StudentMaterial = z.infer<typeof studentMaterialSchema>;

/** GET /api/materials/student?subject=&q= */
export const studentMaterialsQuery = z.object({
  subject: z.string().trim().max(100).optional(),
  q: z.string().trim().max(200).optional(),
});
