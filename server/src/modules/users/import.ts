import { and, eq, inArray, sql } from 'drizzle-orm';
import { email as emailField, indianPhoneDigits } from '@app/common/schemas/fields';
import { IMPORT_MSG, type ImportDryRun, type ImportResult, type ImportRow } from '@app/common/schemas/users';
import type { Actor, Ctx } from '../../context.ts';
import { admissionRequests, batches, centres, courses, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict } from '../../lib/errors.ts';
import { generatePassword, hashPassword } from '../../lib/passwords.ts';
import { enrolApplicant } from '../admissions/enrolment.ts';
import type { StoredMail } from '../messaging/mail.ts';
import { nothingPending, sendAfterCommit } from '../messaging/service.ts';
import type { SheetRow } from './import-parse.ts';
import { guardianInput } from '@app/common/schemas/parents';
import type { GuardianLine } from '../guardians/store.ts';

type Checked = {
  row: number;
  error: string | null;
  cells: SheetRow['cells'];
  courseId?: string;
  batchId?: string | null;
  email?: string;
  guardians?: GuardianLine[];
};

const GUARDIAN_FIELDS = ['Name', 'Relation', 'Phone', 'Email'] as const;

/**
 * The row's guardians (optional columns guardian1Name … guardian2Email, docs/product-parents.md): a guardian
 * with any of its cells given is checked as the forms check one; the first fault names its column.
 */
function guardiansOfRow(c: SheetRow['cells']): { guardians: GuardianLine[] } | { column: string; message: string } {
  const guardians: GuardianLine[] = [];
  for (const n of [1, 2] as const) {
    const cell = (f: (typeof GUARDIAN_FIELDS)[number]) => c[`guardian${n}${f}`] ?? '';
    if (GUARDIAN_FIELDS.every((f) => !cell(f))) continue;
    const parsed = guardianInput.safeParse({ name: cell('Name'), relation: cell('Relation'), phone: cell('Phone'), email: cell('Email') });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue.path[0] ?? 'phone');
      return { column: `guardian${n}${field.charAt(0).toUpperCase()}${field.slice(1)}`, message: issue.message };
    }
    guardians.push(parsed.data);
  }
  return { guardians };
}

const lower = (s: string) => s.trim().toLowerCase();

/** Checks every row against the database and the rest of the file; each error names its column. */
async function checkRows(ctx: Ctx, rows: SheetRow[]): Promise<Checked[]> {
  const { db } = ctx;
  const emails = rows.map((r) => emailField.safeParse(r.cells.email)).map((p) => (p.success ? p.data : ''));
  const regs = rows.map((r) => r.cells.registrationNumber).filter(Boolean);
  const [allCourses, allCentres, allBatches, takenEmails, pendingEmails, takenRegs] = await Promise.all([
    db.select({ id: courses.id, name: courses.name }).from(courses),
    db.select({ id: centres.id }).from(centres),
    db
      .select({
        id: batches.id,
        name: batches.name,
        courseId: batches.courseId,
        centreId: batches.centreId,
        capacity: batches.capacity,
        isActive: batches.isActive,
        count: sql<number>`(select count(*)::int from ${users} where ${users.batchId} = ${batches.id})`,
      })
      .from(batches),
    emails.some(Boolean)
      ? db
          .select({ email: users.email })
          .from(users)
          .where(inArray(users.email, emails.filter(Boolean)))
      : [],
    emails.some(Boolean)
      ? db
          .select({ email: admissionRequests.email })
          .from(admissionRequests)
          .where(and(eq(admissionRequests.status, 'pending'), inArray(admissionRequests.email, emails.filter(Boolean))))
      : [],
    regs.length ? db.select({ reg: users.registrationNumber }).from(users).where(inArray(users.registrationNumber, regs)) : [],
  ]);
  const courseByName = new Map(allCourses.map((c) => [lower(c.name), c]));
  const centreIds = new Set(allCentres.map((c) => c.id));
  const batchByName = new Map(allBatches.map((b) => [lower(b.name), { ...b }]));
  const taken = new Set(takenEmails.map((e) => e.email));
  const pending = new Set(pendingEmails.map((e) => e.email));
  const takenReg = new Set(takenRegs.map((r) => r.reg));
  const seenEmails = new Set<string>();
  const seenRegs = new Set<string>();

  return rows.map((r, i) => {
    const c = r.cells;
    const fail = (column: string, message: string): Checked => ({ row: r.row, cells: c, error: `${column}: ${message}` });
    if (!c.name) return fail('name', 'Name is required');
    if (c.name.length > 200) return fail('name', 'Name is too long');
    const email = emails[i];
    if (!email) return fail('email', c.email ? 'Please enter a valid email address' : 'Email is required');
    if (taken.has(email)) return fail('email', 'An account with this e-mail already exists');
    if (pending.has(email)) return fail('email', 'A pending admission request has this e-mail; decide it first');
    if (seenEmails.has(email)) return fail('email', 'This e-mail appears twice in the file');
    if (!c.phone) return fail('phone', 'Phone is required');
    if (indianPhoneDigits(c.phone) === null) return fail('phone', 'Please enter a valid phone number');
    const course = courseByName.get(lower(c.course));
    if (!course) return fail('course', c.course ? `No course is named "${c.course}"` : 'Course is required');
    if (!centreIds.has(c.centre)) return fail('centre', c.centre ? `No centre has the id "${c.centre}"` : 'Centre is required');
    let batchId: string | null = null;
    if (c.batch) {
      const b = batchByName.get(lower(c.batch));
      if (!b) return fail('batch', `No batch is named "${c.batch}"`);
      if (b.courseId !== course.id || b.centreId !== c.centre) return fail('batch', `"${b.name}" is a batch of another course or centre`);
      if (!b.isActive) return fail('batch', `"${b.name}" is not active`);
      if (b.count >= b.capacity) return fail('batch', `"${b.name}" is full (capacity ${b.capacity})`);
      b.count++;
      batchId = b.id;
    }
    if (c.registrationNumber) {
      if (c.registrationNumber.length > 50) return fail('registrationNumber', 'Registration number is too long');
      if (takenReg.has(c.registrationNumber)) return fail('registrationNumber', 'Another student has this registration number');
      if (seenRegs.has(c.registrationNumber)) return fail('registrationNumber', 'This registration number appears twice in the file');
      seenRegs.add(c.registrationNumber);
    }
    const guardians = guardiansOfRow(c);
    if ('column' in guardians) return fail(guardians.column, guardians.message);
    seenEmails.add(email);
    return { row: r.row, cells: c, error: null, courseId: course.id, batchId, email, guardians: guardians.guardians };
  });
}

const report = (checked: Checked[], okText: string): ImportRow[] =>
  checked.map((c) => (c.error ? { row: c.row, status: 'error', message: c.error } : { row: c.row, status: 'ok', message: okText }));

export async function dryRunImport(ctx: Ctx, rows: SheetRow[]): Promise<ImportDryRun> {
  const checked = await checkRows(ctx, rows);
  const errors = checked.filter((c) => c.error).length;
  return { rows: report(checked, IMPORT_MSG.ready), ok: checked.length - errors, errors };
}

/** Hashes with a few at a time in flight: argon2 runs on the thread pool, one hash per core is the most that helps. */
async function hashAll(passwords: string[], concurrency = 4): Promise<string[]> {
  const out: string[] = new Array(passwords.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < passwords.length) {
        const i = next++;
        out[i] = await hashPassword(passwords[i]);
      }
    }),
  );
  return out;
}

/**
 * Creates the students of the valid rows, each as an approved admission with its account, exactly as an
 * approval does (and with its credentials mail); rows with an error are skipped. All in one transaction.
 */
export async function importStudents(ctx: Ctx, actor: Actor, rows: SheetRow[]): Promise<ImportResult> {
  const checked = await checkRows(ctx, rows);
  const good = checked.filter((c) => !c.error);
  const passwords = good.map(() => generatePassword());
  const hashes = await hashAll(passwords);
  const now = new Date();
  const mails: StoredMail[] = [];
  try {
    await insertAll();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(IMPORT_MSG.changed);
    throw err;
  }
  // After the commit, one after another in the background: a thousand credentials mails neither hold the
  // admin's answer nor open a thousand connections to the mail server at once. A failed delivery stays
  // queued in the outbox and is retried.
  sendAfterCommit(ctx, { ...nothingPending(), mails });
  return { created: good.length, skipped: checked.length - good.length, rows: report(checked, IMPORT_MSG.created) };

  async function insertAll() {
    await ctx.db.transaction(async (tx) => {
      for (const [i, g] of good.entries()) {
        const [request] = await tx
          .insert(admissionRequests)
          .values({
            fullName: g.cells.name,
            email: g.email!,
            phone: g.cells.phone,
            // An imported student was enrolled before the product; the form's other answers are not known.
            address: '',
            education: '',
            courseId: g.courseId!,
            centreId: g.cells.centre,
            reason: 'Imported from the student spreadsheet',
            // The enrolment makes them the student's guardians, with their parent accounts.
            guardians: g.guardians?.length
              ? g.guardians.map((x) => ({
                  name: x.name,
                  relation: x.relation,
                  ...(x.phone ? { phone: x.phone } : {}),
                  ...(x.email ? { email: x.email } : {}),
                }))
              : null,
          })
          .returning();
        const { mail, mailId } = await enrolApplicant(ctx, tx, actor, {
          request,
          adminNotes: 'Imported from the student spreadsheet',
          batchId: g.batchId ?? null,
          passwordHash: hashes[i],
          temporaryPassword: passwords[i],
          registrationNumber: g.cells.registrationNumber || null,
          now,
        });
        mails.push({ id: mailId, message: mail });
      }
      await recordAudit(tx, actor, 'users.import', 'user', null, null, { created: good.length, skipped: checked.length - good.length });
    });
  }
}
