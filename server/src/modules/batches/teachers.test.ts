import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { classSessions } from '../../db/schema.ts';
import { createCourse } from '../exams/test-fixtures.ts';
import { createStaffMember } from '../staff/test-fixtures.ts';

// A class's teacher by account (teachers.ts, docs/architecture.md "Whose records"): migration 0023 linked
// the classes written before accounts to the one faculty member whose name their teacher text is, and a
// faculty account made later takes the unlinked classes written with its name, as the migration did.

const MIGRATION = new URL('../../db/migrations/0023_class_teacher_id.sql', import.meta.url);
/** The migration's backfill: its last statement (the ones before it add the column, already there). */
const backfill = () => {
  const statements = fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
  const update = statements[statements.length - 1];
  expect(update).toMatch(/UPDATE "class_sessions"/);
  return update;
};

let t: TestApp;
let batchId = '';
beforeAll(async () => {
  t = await createTestApp();
  const batch = await t.admin.post('/api/batches', {
    name: 'Teachers batch',
    course: await createCourse(t),
    centre: 'dumdum',
    academicYear: '2026-27',
    timing: 'MORNING',
    startsOn: '2020-01-01',
    endsOn: '2040-12-31',
    capacity: 30,
  });
  expect(batch.statusCode, batch.body).toBe(201);
  batchId = batch.json()._id;
});
afterAll(() => t?.close());

/** Classes as they stood before migration 0023: teacher text, no account (written directly, not through the API, which links). */
async function legacyClasses(teachers: string[]) {
  const rows = await t.ctx.db
    .insert(classSessions)
    .values(
      teachers.map((teacher, i) => ({
        batchId,
        date: '2026-01-05',
        startTime: `0${i}:00`,
        endTime: `0${i}:30`,
        subject: 'Torts',
        teacher,
        room: '1',
      })),
    )
    .returning({ id: classSessions.id });
  return rows.map((r) => r.id);
}

async function teacherIdsOf(ids: string[]) {
  const rows = await t.ctx.db
    .select({ id: classSessions.id, teacherId: classSessions.teacherId })
    .from(classSessions)
    .where(inArray(classSessions.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.teacherId);
}

describe('migration 0023', () => {
  it('links a class whose teacher text is exactly one faculty member’s name and leaves a shared or unknown name unlinked', async () => {
    const tag = randomUUID().slice(0, 6);
    const only = await createStaffMember(t, 'faculty', { firstName: 'Anita', lastName: `Bose${tag}` });
    await createStaffMember(t, 'faculty', { firstName: 'Rahul', lastName: `Sen${tag}` });
    await createStaffMember(t, 'faculty', { firstName: 'Rahul', lastName: `Sen${tag}` });
    const other = await createStaffMember(t, 'faculty', { firstName: 'Tara', lastName: `Roy${tag}` });
    const ids = await legacyClasses([`  anita BOSE${tag} `, `Rahul Sen${tag}`, `Visiting Lecturer ${tag}`, `Anita Bose${tag}`]);
    // A class already linked keeps its teacher, whatever its text says.
    await t.ctx.db.execute(sql`update ${classSessions} set teacher_id = ${other.id} where id = ${ids[3]}`);

    await t.ctx.db.execute(sql.raw(backfill()));

    expect(await teacherIdsOf(ids)).toEqual([only.id, null, null, other.id]);
    // Run again, it changes nothing.
    await t.ctx.db.execute(sql.raw(backfill()));
    expect(await teacherIdsOf(ids)).toEqual([only.id, null, null, other.id]);
  });
});

describe('a faculty account made later', () => {
  it('takes the unlinked classes written with its name, unless another faculty member has the same name', async () => {
    const tag = randomUUID().slice(0, 6);
    const [mine, shared] = await legacyClasses([`Farah Khan${tag}`, `Dev Paul${tag}`]);
    const farah = await createStaffMember(t, 'faculty', { firstName: 'Farah', lastName: `Khan${tag}` });
    expect(await teacherIdsOf([mine])).toEqual([farah.id]);

    const dev = await createStaffMember(t, 'faculty', { firstName: 'Dev', lastName: `Paul${tag}` });
    expect(await teacherIdsOf([shared])).toEqual([dev.id]);
    // A second account of the same name takes nothing: the class stays with the first.
    await createStaffMember(t, 'faculty', { firstName: 'Dev', lastName: `Paul${tag}` });
    expect(await teacherIdsOf([shared])).toEqual([dev.id]);
  });
});
