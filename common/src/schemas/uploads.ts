import { z } from 'zod';

/** Largest image for formatted text (a passage's chart, a data table as a picture). */
export const UPLOAD_MAX_BYTES = 1024 * 1024;

export const UPLOAD_MESSAGES = {
  notMultipart: 'Send the image as multipart/form-data in the field "file"',
  missing: 'Please choose an image to upload in the field "file"',
  empty: 'The file is empty',
  tooLarge: 'The image is too large: at most 1 MB',
  notImage: 'Only PNG, JPEG or WebP images can be uploaded',
} as const;

/** POST /api/uploads answer: where the image is served. */
export const uploadResponse = z.object({ url: z.string() });
export type UploadResponse = z.infer<typeof uploadResponse>;
