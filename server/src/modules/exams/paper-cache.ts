import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

/**
 * The student's paper as ready bytes (docs/architecture.md, "The exam hall"). When a hall of 2,000 opens a
 * 120-question paper with its passages at the same moment, building, checking and serialising the same
 * 100 KB of JSON 2,000 times and writing it uncompressed is where the time went. So the sections and
 * questions are built once per exam version (every change to a paper bumps exams.updated_at), the few
 * fields around them (title, state, the caller's attempt status) are built per request and name the
 * variant, and each variant is kept as JSON, brotli and gzip, compressed once. One per app (ctx.caches).
 */
export type PaperBody = { sectionsJson: string; questionsJson: string; questionsCount: number };
export type PaperBytes = { body: Buffer; encoding: 'br' | 'gzip' | null };

type Variant = { json: Buffer; br?: Buffer; gzip?: Buffer };
type Entry = { version: number; body: Promise<PaperBody>; variants: Map<string, Variant> };

const ENCODINGS = ['br', 'gzip', 'identity'];
/** Variants per paper: its state changes rarely (published, deactivated), and a student is in one of three statuses. */
const VARIANTS_PER_PAPER = 12;

export class PaperCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly limit = 100) {}

  /**
   * The paper's sections and questions for this version, built by `load` once: concurrent first readers
   * share one load (a hall opening the paper together makes one set of queries, not 2,000).
   */
  private entry(exam: { id: string; updatedAt: Date }, load: () => Promise<PaperBody>): Entry {
    const version = exam.updatedAt.getTime();
    const hit = this.entries.get(exam.id);
    if (hit && hit.version === version) return hit;
    if (this.entries.size >= this.limit && !hit) this.entries.delete(this.entries.keys().next().value as string);
    const body = load();
    const entry: Entry = { version, body, variants: new Map() };
    this.entries.set(exam.id, entry);
    // A failed load is not kept: the next reader tries again.
    body.catch(() => {
      if (this.entries.get(exam.id) === entry) this.entries.delete(exam.id);
    });
    return entry;
  }

  /**
   * The whole answer: `head` (an object of the per-request fields, without sections and questions) followed
   * by the paper's sections and questions, in the encoding the caller accepts (brotli, gzip or none).
   * `checkHead` parses a head the first time it is seen.
   */
  async get(
    exam: { id: string; updatedAt: Date },
    load: () => Promise<PaperBody>,
    head: (questionsCount: number) => Record<string, unknown>,
    acceptEncoding: string | undefined,
    checkHead: (head: Record<string, unknown>) => Record<string, unknown> = (h) => h,
  ): Promise<PaperBytes> {
    const entry = this.entry(exam, load);
    const body = await entry.body;
    const headValue = head(body.questionsCount);
    const headJson = JSON.stringify(headValue);
    let variant = entry.variants.get(headJson);
    if (!variant) {
      // A new variant is checked against the contract once (the serialiser no longer sees these bytes).
      const json = `${JSON.stringify(checkHead(headValue)).slice(0, -1)},"sections":${body.sectionsJson},"questions":${body.questionsJson}}`;
      variant = { json: Buffer.from(json, 'utf8') };
      if (entry.variants.size >= VARIANTS_PER_PAPER) entry.variants.delete(entry.variants.keys().next().value as string);
      entry.variants.set(headJson, variant);
    }
    const encoding = negotiate(acceptEncoding ?? '', ENCODINGS);
    if (encoding === 'br') {
      variant.br ??= brotliCompressSync(variant.json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } });
      return { body: variant.br, encoding: 'br' };
    }
    if (encoding === 'gzip') {
      variant.gzip ??= gzipSync(variant.json);
      return { body: variant.gzip, encoding: 'gzip' };
    }
    return { body: variant.json, encoding: null };
  }
}
