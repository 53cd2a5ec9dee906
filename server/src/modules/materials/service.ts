import { and, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  MATERIAL_MSG,
  MATERIAL_PDF_SECONDS,
  type Material,
  type materialPatchBody,
  type pdfMaterialFields,
  type StudentMaterial,
  type videoMaterialBody,
} from '@app/common/schemas/materials';
import { parseVideoLink } from '@app/common/rules/video-links';
import type { z } from 'zod';
import type { Actor, Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { batches, courses, materials, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { likeContains } from '../../lib/escape.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { ownStudentId, type Scope, studentOfScope } from '../../lib/record-scope.ts';
import { findStudentScope, type StudentScope } from '../exam-taking/audience.ts';
import { removeCopiesOf, stampedCopy } from './stamped-copies.ts';

// Study materials (docs/product-materials.md): staff manage them, a student reads those for their course
// or batch once published, and every PDF a student downloads carries their name on every page.

type Row = typeof materials.$inferSelect;
type Names = { courses: Map<string, string>; batches: Map<string, string> };

const base = (r: Row) => ({
  _id: r.id,
  kind: r.kind,
  title: r.title,
  description: r.description,
  subject: r.subject,
  videoUrl: r.videoUrl,
  videoProvider: r.videoUrl ? (parseVideoLink(r.videoUrl)?.provider ?? null) : null,
  fileName: r.fileName,
  fileSize: r.fileSize,
  pageCount: r.pageCount,
  publishAt: r.publishAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

const staffView = (r: Row, names: Names, now = new Date()): Material => ({
  ...base(r),
  courses: r.courseIds,
  batches: r.batchIds,
  audience: {
    courses: r.courseIds.filter((id) => names.courses.has(id)).map((id) => ({ _id: id, name: names.courses.get(id) as string })),
    batches: r.batchIds.filter((id) => names.batches.has(id)).map((id) => ({ _id: id, name: names.batches.get(id) as string })),
  },
  isPublished: !r.publishAt || r.publishAt <= now,
  downloads: r.downloads,
  updatedAt: r.updatedAt.toISOString(),
});

async function namesOf(db: Db, rows: Row[]): Promise<Names> {
  const courseIds = [...new Set(rows.flatMap((r) => r.courseIds))];
  const batchIds = [...new Set(rows.flatMap((r) => r.batchIds))];
  const [cs, bs] = await Promise.all([
    courseIds.length ? db.select({ id: courses.id, name: courses.name }).from(courses).where(inArray(courses.id, courseIds)) : [],
    batchIds.length ? db.select({ id: batches.id, name: batches.name }).from(batches).where(inArray(batches.id, batchIds)) : [],
  ]);
  return { courses: new Map(cs.map((c) => [c.id, c.name])), batches: new Map(bs.map((b) => [b.id, b.name])) };
}

/** Newest first: by when students first see it (its publish time, else its creation). */
const newestFirst = [desc(sql`coalesce(${materials.publishAt}, ${materials.createdAt})`), desc(materials.createdAt)];

export async function listMaterials(ctx: Ctx): Promise<Material[]> {
  const rows = await ctx.db
    .select()
    .from(materials)
    .orderBy(...newestFirst);
  const names = await namesOf(ctx.db, rows);
  return rows.map((r) => staffView(r, names));
}

const uuidArray = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/** The materials a student may see now: for their course or batch, and published. */
function visibleTo(scope: StudentScope, now: Date): SQL {
  const forThem: SQL[] = [];
  if (scope.courseIds.length > 0) forThem.push(sql`${materials.courseIds} && ${uuidArray(scope.courseIds)}`);
  if (scope.batchId) forThem.push(sql`${scope.batchId}::uuid = any(${materials.batchIds})`);
  const published = or(isNull(materials.publishAt), lte(materials.publishAt, now)) as SQL;
  return forThem.length === 0 ? sql`false` : (and(published, or(...forThem)) as SQL);
}

export async function listForStudent(ctx: Ctx, recordScope: Scope, query: { subject?: string; q?: string }): Promise<StudentMaterial[]> {
  const scope = await findStudentScope(ctx.db, ownStudentId(recordScope));
  if (!scope) return [];
  const conds: SQL[] = [visibleTo(scope, new Date())];
  if (query.subject) conds.push(sql`lower(${materials.subject}) = lower(${query.subject})`);
  if (query.q) {
    const p = likeContains(query.q);
    conds.push(sql`(${materials.title} ilike ${p} or ${materials.subject} ilike ${p} or ${materials.description} ilike ${p})`);
  }
  const rows = await ctx.db
    .select()
    .from(materials)
    .where(and(...conds))
    .orderBy(...newestFirst);
  return rows.map(base);
}

/** Every course and batch named must exist: else 400 naming the list. */
async function checkAudience(db: Db, courseIds: string[], batchIds: string[]) {
  if (courseIds.length + batchIds.length === 0) throw badRequest(MATERIAL_MSG.audienceRequired, { courses: MATERIAL_MSG.audienceRequired });
  const [cs, bs] = await Promise.all([
    courseIds.length ? db.select({ id: courses.id }).from(courses).where(inArray(courses.id, courseIds)) : [],
    batchIds.length ? db.select({ id: batches.id }).from(batches).where(inArray(batches.id, batchIds)) : [],
  ]);
  if (cs.length < courseIds.length) {
    const message = MATERIAL_MSG.unknownCourses(courseIds.length - cs.length);
    throw badRequest(message, { courses: message });
  }
  if (bs.length < batchIds.length) {
    const message = MATERIAL_MSG.unknownBatches(batchIds.length - bs.length);
    throw badRequest(message, { batches: message });
  }
}

type PdfFields = z.output<typeof pdfMaterialFields>;
type VideoBody = z.output<typeof videoMaterialBody>;
type PatchBody = z.output<typeof materialPatchBody>;

const auditView = (r: Row) => ({
  kind: r.kind,
  title: r.title,
  subject: r.subject,
  courses: r.courseIds,
  batches: r.batchIds,
  publishAt: r.publishAt?.toISOString() ?? null,
  videoUrl: r.videoUrl,
  fileName: r.fileName,
});

/** A PDF upload: checked by content before anything is stored; the row and the file, or neither. */
export async function createPdfMaterial(ctx: Ctx, actor: Actor, fields: PdfFields, file: { data: Buffer; name: string }) {
  const courseIds = fields.courses ?? [];
  const batchIds = fields.batches ?? [];
  await checkAudience(ctx.db, courseIds, batchIds);
  // Read, counted and stamped once in a worker thread (materials/pdf.ts `checkPdf`), within its time and memory.
  const { pageCount } = await ctx.workers.run(
    'checkPdf',
    { data: file.data },
    {
      timeoutMs: MATERIAL_PDF_SECONDS * 1000,
      limits: { time: MATERIAL_MSG.checkTooSlow, memory: MATERIAL_MSG.checkTooMuchMemory, busy: MATERIAL_MSG.busy, field: 'file' },
    },
  );
  const storageKey = await ctx.storage.put(file.data, 'pdf');
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(materials)
        .values({
          kind: 'pdf',
          title: fields.title,
          description: fields.description ?? '',
          subject: fields.subject,
          courseIds,
          batchIds,
          publishAt: fields.publishAt ?? null,
          storageKey,
          fileName: file.name,
          fileSize: file.data.length,
          pageCount,
          createdBy: actor.id,
        })
        .returning();
      await recordAudit(tx, actor, 'material.create', 'Material', created.id, null, auditView(created));
      return created;
    });
    return staffView(row, await namesOf(ctx.db, [row]));
  } catch (err) {
    await ctx.storage.remove(storageKey).catch(() => {});
    throw err;
  }
}

export async function createVideoMaterial(ctx: Ctx, actor: Actor, body: VideoBody) {
  const courseIds = body.courses ?? [];
  const batchIds = body.batches ?? [];
  await checkAudience(ctx.db, courseIds, batchIds);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(materials)
      .values({
        kind: 'video',
        title: body.title,
        description: body.description ?? '',
        subject: body.subject,
        courseIds,
        batchIds,
        publishAt: body.publishAt ?? null,
        videoUrl: body.videoUrl,
        createdBy: actor.id,
      })
      .returning();
    await recordAudit(tx, actor, 'material.create', 'Material', created.id, null, auditView(created));
    return created;
  });
  return staffView(row, await namesOf(ctx.db, [row]));
}

export async function updateMaterial(ctx: Ctx, actor: Actor, id: string, patch: PatchBody) {
  const [row] = await ctx.db.select().from(materials).where(eq(materials.id, id));
  if (!row) throw notFound(MATERIAL_MSG.notFound);
  if (patch.videoUrl !== undefined && row.kind !== 'video') throw badRequest(MATERIAL_MSG.notAVideo, { videoUrl: MATERIAL_MSG.notAVideo });
  const courseIds = patch.courses ?? row.courseIds;
  const batchIds = patch.batches ?? row.batchIds;
  if (patch.courses !== undefined || patch.batches !== undefined) await checkAudience(ctx.db, courseIds, batchIds);
  const updated = await ctx.db.transaction(async (tx) => {
    const [after] = await tx
      .update(materials)
      .set({
        title: patch.title ?? row.title,
        description: patch.description ?? row.description,
        subject: patch.subject ?? row.subject,
        courseIds,
        batchIds,
        publishAt: patch.publishAt === undefined ? row.publishAt : patch.publishAt,
        videoUrl: patch.videoUrl ?? row.videoUrl,
        updatedAt: new Date(),
      })
      .where(eq(materials.id, id))
      .returning();
    if (!after) throw notFound(MATERIAL_MSG.notFound);
    await recordAudit(tx, actor, 'material.update', 'Material', id, auditView(row), auditView(after));
    return after;
  });
  return staffView(updated, await namesOf(ctx.db, [updated]));
}

/** Deletes the material, its file and its stamped copies. */
export async function deleteMaterial(ctx: Ctx, actor: Actor, id: string) {
  const row = await ctx.db.transaction(async (tx) => {
    const [gone] = await tx.delete(materials).where(eq(materials.id, id)).returning();
    if (!gone) throw notFound(MATERIAL_MSG.notFound);
    await recordAudit(tx, actor, 'material.delete', 'Material', id, auditView(gone), null);
    return gone;
  });
  if (row.storageKey) {
    await ctx.storage.remove(row.storageKey);
    await removeCopiesOf(ctx, row.id);
  }
  return { message: MATERIAL_MSG.deleted };
}

/** The file name a download is saved under: the title in plain letters, digits and hyphens. */
function downloadName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'material'}.pdf`;
}

/**
 * The PDF stamped for its reader. A student gets it only when it is for their course or batch and
 * published (else 404, as if it did not exist) and each such download is counted; staff get a copy
 * stamped with their own name, not counted (docs/product-materials.md, "Downloads"). The copy is made
 * once per reader and day (stamped-copies.ts).
 */
export async function downloadMaterial(ctx: Ctx, actor: Actor, recordScope: Scope, id: string, opts: { count: boolean } = { count: true }) {
  const now = new Date();
  const studentId = studentOfScope(recordScope);
  const isStudent = studentId !== null;
  let row: Row | undefined;
  if (isStudent) {
    const scope = await findStudentScope(ctx.db, studentId);
    [row] = scope
      ? await ctx.db
          .select()
          .from(materials)
          .where(and(eq(materials.id, id), visibleTo(scope, now)))
      : [];
  } else {
    [row] = await ctx.db.select().from(materials).where(eq(materials.id, id));
  }
  if (!row) throw notFound(MATERIAL_MSG.notFound);
  if (row.kind !== 'pdf' || !row.storageKey) throw badRequest(MATERIAL_MSG.notAPdf);
  // The copy names its reader, whoever is signed in: the student, or the staff member.
  const [owner] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName, registrationNumber: users.registrationNumber })
    .from(users)
    .where(eq(users.id, actor.id));
  const name = `${owner?.firstName ?? actor.firstName} ${owner?.lastName ?? actor.lastName}`.trim();
  const data = await stampedCopy(
    ctx,
    { materialId: row.id, storageKey: row.storageKey },
    { id: actor.id, owner: { name, registrationNumber: owner?.registrationNumber ?? null, staff: !isStudent } },
    now,
  );
  if (isStudent && opts.count) {
    await ctx.db
      .update(materials)
      .set({ downloads: sql`${materials.downloads} + 1` })
      .where(eq(materials.id, row.id));
  }
  return { data, fileName: downloadName(row.title) };
}
