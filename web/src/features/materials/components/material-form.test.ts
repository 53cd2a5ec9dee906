import { MATERIAL_MSG } from '@app/common/schemas/materials';
import { describe, expect, it } from 'vitest';
import { materialResolver, type Values } from './material-form.tsx';

const COURSE = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

const filled: Values = {
  kind: 'video',
  title: 'Writs, a lecture',
  description: '',
  subject: 'Constitutional Law',
  videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
  file: null,
  courses: [COURSE],
  batches: [],
  publishAt: '',
};

const files = (...list: File[]) => list as unknown as FileList;
const pdf = (bytes: number, name = 'notes.pdf', type = 'application/pdf') => new File([new Uint8Array(bytes)], name, { type });

/** The field messages the form shows for these values (none: the form submits). */
async function messages(values: Values, creating = true) {
  const { errors } = await materialResolver(creating)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, (v as { message?: string }).message]));
}

describe('material form (the server schemas through the form resolver)', () => {
  it('passes a video link for a course, and a new PDF with its file', async () => {
    expect(await messages(filled)).toEqual({});
    expect(await messages({ ...filled, kind: 'pdf', videoUrl: '', file: files(pdf(10)) })).toEqual({});
  });

  it("names a video's missing title and subject and a link that is not YouTube or Vimeo", async () => {
    expect(await messages({ ...filled, title: ' ', subject: '', videoUrl: 'https://example.com/v' })).toEqual({
      title: 'Title is required',
      subject: 'Subject is required',
      videoUrl: MATERIAL_MSG.videoUrl,
    });
  });

  it('asks for a course or a batch, beside the other fields', async () => {
    expect(await messages({ ...filled, courses: [] })).toEqual({ courses: MATERIAL_MSG.audienceRequired });
    expect(await messages({ ...filled, courses: [], title: '' })).toEqual({
      title: 'Title is required',
      courses: MATERIAL_MSG.audienceRequired,
    });
  });

  it("checks a new PDF's file: missing, empty, too large or not a PDF", async () => {
    const asPdf = (file: FileList | null) => messages({ ...filled, kind: 'pdf', videoUrl: '', file });
    expect(await asPdf(null)).toEqual({ file: MATERIAL_MSG.fileMissing.replace(' in the field "file"', '') });
    expect(await messages({ ...filled, kind: 'pdf', title: '', file: null })).toEqual({
      title: 'Title is required',
      file: MATERIAL_MSG.fileMissing.replace(' in the field "file"', ''),
    });
    expect(await asPdf(files(pdf(0)))).toEqual({ file: MATERIAL_MSG.fileEmpty });
    expect(await asPdf(files(pdf(10, 'notes.docx', 'application/msword')))).toEqual({ file: MATERIAL_MSG.notPdf });
    const large = pdf(1);
    Object.defineProperty(large, 'size', { value: 51 * 1024 * 1024 });
    expect(await asPdf(files(large))).toEqual({ file: MATERIAL_MSG.fileTooLarge });
  });

  it("does not ask an edited PDF for a file, nor an edited video's link to be a file", async () => {
    expect(await messages({ ...filled, kind: 'pdf', videoUrl: '', file: null }, false)).toEqual({});
    expect(await messages({ ...filled, title: '' }, false)).toEqual({ title: 'Title is required' });
  });

  it('takes a publish time from the India-time input', async () => {
    expect(await messages({ ...filled, publishAt: '2026-12-01T10:00' })).toEqual({});
  });
});
