import { AppError } from './lib/errors.ts';
import type { TaskReply } from './lib/worker-pool.ts';
import { readFlashcardSheet } from './modules/flashcards/import-parse.ts';
import { checkPdf, stampPdf } from './modules/materials/pdf.ts';
import { readBankFile } from './modules/question-bank/parse.ts';
import { prepareRows } from './modules/question-bank/validate.ts';
import { resizeImage } from './modules/site/resize.ts';
import { readStudentSheet } from './modules/users/import-parse.ts';

// The worker threads' entry (lib/worker-pool.ts): the heavy tasks a request hands off the event loop.
// Bundled beside main.mjs as worker.mjs (scripts/build-server.mjs); from the TypeScript sources it is
// loaded through worker-sources.mjs. A task's input arrives copied, its Buffers as plain Uint8Arrays.

const asBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);
type FileInput = { data: Uint8Array; filename: string };

export const workerTasks = {
  /** users/import-parse.ts: the rows of a student import. */
  readStudentSheet: ({ data, filename }: FileInput) => readStudentSheet(asBuffer(data), filename),
  /** question-bank/parse.ts and validate.ts: the questions of a bank import, each checked. */
  prepareBankFile: async ({ data, filename, withItems }: FileInput & { withItems: boolean }) =>
    prepareRows(await readBankFile(asBuffer(data), filename), withItems),
  /** flashcards/import-parse.ts: the rows of a card import. */
  readFlashcardSheet: ({ data, filename }: FileInput) => readFlashcardSheet(asBuffer(data), filename),
  /** materials/pdf.ts: an uploaded PDF checked (readable, its pages, stampable). */
  checkPdf: ({ data }: { data: Uint8Array }) => checkPdf(asBuffer(data)),
  /** materials/pdf.ts: the PDF with the reader's line on every page. */
  stampPdf: ({ data, line }: { data: Uint8Array; line: string }) => stampPdf(asBuffer(data), line),
  /** site/resize.ts: a site image decoded and copied at the widths the pages show. */
  resizeImage: ({ data }: { data: Uint8Array }) => resizeImage(asBuffer(data)),
};
export type WorkerTasks = typeof workerTasks;
type TaskName = keyof WorkerTasks;

/** One task: its answer, or the AppError it refused with (an Error loses its class on the way back). */
export default async function runTask({ task, input }: { task: TaskName; input: never }): Promise<TaskReply<unknown>> {
  const run = workerTasks[task] as (input: unknown) => Promise<unknown>;
  try {
    return { ok: await run(input) };
  } catch (err) {
    if (err instanceof AppError) return { refused: { code: err.code, message: err.message, fields: err.fields } };
    throw err;
  }
}
