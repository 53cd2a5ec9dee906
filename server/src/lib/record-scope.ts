import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import { BATCH_MSG } from '@app/common/schemas/batches';
import { ENQUIRY_MSG } from '@app/common/schemas/enquiries';
import { PARENT_MSG } from '@app/common/schemas/parents';
import { PAYMENT_MSG } from '@app/common/schemas/payments';
import { SUBMISSION_MESSAGES } from '@app/common/schemas/submissions';
import { USER_MSG } from '@app/common/schemas/users';
import type { Actor } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { admissionRequests, batches, classSessions, enquiries, payments, submissions, users } from '../db/schema.ts';
import { badRequest, forbidden, notFound } from './errors.ts';

// Whose records an actor reaches (docs/architecture.md, "Whose records"): the row-level twin of the
// permission table. The permission table (common/permissions.ts) says which actions a role may do; a scope
// says on whose records. Every route that reads or writes a person's records asks one of the questions
// below with the request's scope (`req.scope`, resolved with `req.actor` in plugins/auth.ts), and each
// question answers every kind of scope in an exhaustive switch: a new kind (a parent and their link table)
// does not compile until each question answers it.

/** A full admin: every record. */
type AdminScope = { readonly kind: 'admin' };
/** Staff bound to centres (a centre manager, a counsellor): the records of their centres (docs/product-staff.md). */
type CentreScope = { readonly kind: 'centres'; readonly centres: readonly string[] };
/** A faculty member: the batches and classes they teach (`class_sessions.teacher_id`), every student and submission. */
type FacultyScope = { readonly kind: 'faculty'; readonly userId: string };
/** An accountant: every student and payment; no batches. */
type AccountantScope = { readonly kind: 'accountant' };
/** A student: their own records. */
export type StudentScope = { readonly kind: 'student'; readonly studentId: string };
/**
 * A parent: the records of their children (`student_guardians`, docs/product-parents.md), read through the
 * parent's own routes only. A child outside the list is "not found", never "not yours".
 */
type ParentScope = { readonly kind: 'parent'; readonly parentId: string; readonly children: readonly string[] };

export type Scope = AdminScope | CentreScope | FacultyScope | AccountantScope | StudentScope | ParentScope;
export type ScopeKind = Scope['kind'];

/** A kind no question answers yet: a compile error at the switch that forgot it. */
function unhandled(scope: never): never {
  throw new Error(`Unknown record scope ${JSON.stringify(scope)}`);
}

/** The scope of a signed-in actor, from their role (and a centre manager's centres). */
export function scopeOfActor(actor: Actor): Scope {
  switch (actor.role) {
    case 'admin':
      return { kind: 'admin' };
    case 'centre_manager':
    case 'counsellor':
      return { kind: 'centres', centres: actor.centres ?? [] };
    case 'faculty':
      return { kind: 'faculty', userId: actor.id };
    case 'accountant':
      return { kind: 'accountant' };
    case 'student':
      return { kind: 'student', studentId: actor.id };
    case 'parent':
      return { kind: 'parent', parentId: actor.id, children: actor.children ?? [] };
    default:
      return unhandled(actor.role);
  }
}

// Each question notes on the scope that it was asked, so the route-enumeration test
// (server/test/record-scope-routes.test.ts) can prove that a route went through the layer. A scope is
// made per request, so the notes are that request's. They are a slot on the scope itself, not a WeakMap
// entry: the exam hall asks on every start, save and submit, and an entry per request in a WeakMap costs
// about a microsecond each in the collector, a slot a few nanoseconds.
const ASKED = Symbol('record-scope questions asked');
type Noted = { [ASKED]?: string[] };
function ask(scope: Scope, question: string) {
  const noted = scope as Noted;
  const list = noted[ASKED];
  if (list) list.push(question);
  else noted[ASKED] = [question];
}
/** The questions a scope was asked, in order (the tests read them). */
export const questionsAsked = (scope: Scope | null | undefined): readonly string[] => (scope ? ((scope as Noted)[ASKED] ?? []) : []);

const inList = (column: AnyColumn | SQL, ids: readonly string[]) =>
  ids.length > 0
    ? sql`${column} in (${sql.join(
        ids.map((c) => sql`${c}`),
        sql`, `,
      )})`
    : sql`false`;

const inCentres = (column: AnyColumn | SQL, centres: readonly string[]) =>
  centres.length > 0
    ? sql`${column} in (${sql.join(
        centres.map((c) => sql`${c}`),
        sql`, `,
      )})`
    : sql`false`;

// Centres

/** The condition "this centre column is one this scope works for" (undefined: every centre). */
export function centreFilter(scope: Scope, column: AnyColumn): SQL | undefined {
  ask(scope, 'centre');
  switch (scope.kind) {
    case 'admin':
    case 'faculty':
    case 'accountant':
      return undefined;
    case 'centres':
      return inCentres(column, scope.centres);
    case 'student':
    case 'parent':
      // A student's (a parent's child's) records are reached through studentFilter, never as a centre's.
      return sql`false`;
    default:
      return unhandled(scope);
  }
}

/** Whether this scope works for this centre (a record with no centre is in no centre manager's scope). */
export function mayUseCentre(scope: Scope, centreId: string | null | undefined): boolean {
  ask(scope, 'centre');
  switch (scope.kind) {
    case 'admin':
    case 'faculty':
    case 'accountant':
      return true;
    case 'centres':
      return centreId != null && scope.centres.includes(centreId);
    case 'student':
    case 'parent':
      return false;
    default:
      return unhandled(scope);
  }
}

// Students

/** The condition on `users`: which students this scope may list (undefined: every student). */
export function studentFilter(scope: Scope): SQL | undefined {
  ask(scope, 'student');
  switch (scope.kind) {
    case 'admin':
    case 'faculty':
    case 'accountant':
      return undefined;
    case 'centres':
      return inCentres(users.centreId, scope.centres);
    case 'student':
      return eq(users.id, scope.studentId);
    case 'parent':
      return inList(users.id, scope.children);
    default:
      return unhandled(scope);
  }
}

/**
 * May this scope read this student's records? Staff who reach every student are answered without a
 * look-up (whether the id is a student's is the caller's own lookup); a centre manager's student must be a
 * student of their centres; a student only themself.
 */
export async function mayReadStudent(db: Db | Tx, scope: Scope, studentId: string): Promise<boolean> {
  ask(scope, 'student');
  switch (scope.kind) {
    case 'admin':
    case 'faculty':
    case 'accountant':
      return true;
    case 'centres': {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, studentId), eq(users.role, 'student'), inCentres(users.centreId, scope.centres)))
        .limit(1);
      return row !== undefined;
    }
    case 'student':
      return scope.studentId === studentId;
    case 'parent':
      return scope.children.includes(studentId);
    default:
      return unhandled(scope);
  }
}

/** A student this scope does not reach is "not found" (nothing says whether the account exists). */
export async function assertStudent(db: Db | Tx, scope: Scope, studentId: string, refusal = () => notFound(USER_MSG.notFound)) {
  if (!(await mayReadStudent(db, scope, studentId))) throw refusal();
}

/**
 * The student whose own records a student's route reads and writes (their attempts, bookmarks, payments,
 * timetable): the signed-in student. Any other scope is refused, as the route's student guard does.
 */
export function ownStudentId(scope: Scope): string {
  const studentId = studentOfScope(scope);
  if (studentId === null) throw forbidden();
  return studentId;
}

/**
 * The student this scope is, or null for staff: for the routes any signed-in user calls that serve a
 * student as a student and staff otherwise (the exams list, a paper, a material's download). Resolved from
 * the scope alone, with no look-up: the exam hall asks it on every request.
 */
export function studentOfScope(scope: Scope): string | null {
  ask(scope, 'own');
  switch (scope.kind) {
    case 'student':
      return scope.studentId;
    case 'admin':
    case 'centres':
    case 'faculty':
    case 'accountant':
      return null;
    case 'parent':
      // A parent reads a child's records through the parent's own routes (childScope), never the shared ones.
      throw forbidden();
    default:
      return unhandled(scope);
  }
}

/** The condition on `admission_requests`: the centre's requests for a centre manager, one's own for a student. */
export function admissionFilter(scope: Scope, email?: string): SQL | undefined {
  ask(scope, 'admission');
  switch (scope.kind) {
    case 'admin':
    case 'faculty':
    case 'accountant':
      return undefined;
    case 'centres':
      return inCentres(admissionRequests.centreId, scope.centres);
    case 'student':
      // A request made before the account existed is theirs by its e-mail.
      return email === undefined
        ? eq(admissionRequests.userId, scope.studentId)
        : sql`(${admissionRequests.userId} = ${scope.studentId} or ${admissionRequests.email} = ${email})`;
    case 'parent':
      return inList(admissionRequests.userId, scope.children);
    default:
      return unhandled(scope);
  }
}

// Payments

/**
 * A payment's centre: the counter's centre for money taken there, else the centre of the admission it
 * pays for (as the collection report places it), else the student's own centre (docs/product-staff.md).
 */
export const paymentCentreSql = sql<
  string | null
>`coalesce(${payments.centreId}, (select ${admissionRequests.centreId} from ${admissionRequests} where ${admissionRequests.id} = ${payments.admissionId}), (select ${users.centreId} from ${users} where ${users.id} = ${payments.studentId}))`;

/** The condition on `payments`: which payments this scope reaches (undefined: every payment). */
export function paymentFilter(scope: Scope): SQL | undefined {
  ask(scope, 'payment');
  switch (scope.kind) {
    case 'admin':
    case 'accountant':
      return undefined;
    case 'centres':
      return inCentres(paymentCentreSql, scope.centres);
    case 'faculty':
      return sql`false`;
    case 'student':
      return eq(payments.studentId, scope.studentId);
    case 'parent':
      return inList(payments.studentId, scope.children);
    default:
      return unhandled(scope);
  }
}

/**
 * The refusal of a payment matching `where` that the scope does not reach: another student's is "not
 * yours", 403 (docs/product.md section 7), and so is any payment to a faculty member, who never reaches
 * money; another centre's is "not found" to a centre manager (docs/product-staff.md); a missing one 404.
 */
export async function refusePayment(db: Db | Tx, scope: Scope, where: SQL): Promise<never> {
  const exists = async () => (await db.select({ id: payments.id }).from(payments).where(where).limit(1)).length > 0;
  switch (scope.kind) {
    case 'student':
    case 'faculty':
      if (await exists()) throw forbidden();
      throw notFound(PAYMENT_MSG.notFound);
    case 'admin':
    case 'accountant':
    case 'centres':
    case 'parent':
      throw notFound(PAYMENT_MSG.notFound);
    default:
      return unhandled(scope);
  }
}

/** A payment matching `where` outside the scope is refused (refusePayment); inside, nothing happens. */
export async function assertPayment(db: Db | Tx, scope: Scope, where: SQL) {
  const filter = paymentFilter(scope);
  if (filter === undefined) return;
  const [row] = await db.select({ id: payments.id }).from(payments).where(and(where, filter)).limit(1);
  if (!row) await refusePayment(db, scope, where);
}

// Batches, classes and attendance

/** The student's batch, for the conditions below. */
const batchOfStudent = (studentId: string) => sql`(select ${users.batchId} from ${users} where ${users.id} = ${studentId})`;

/** The condition on `batches`: which batches this scope reaches (undefined: every batch). */
export function batchFilter(scope: Scope): SQL | undefined {
  ask(scope, 'batch');
  switch (scope.kind) {
    case 'admin':
    case 'accountant':
      return undefined;
    case 'centres':
      return inCentres(batches.centreId, scope.centres);
    case 'faculty':
      return sql`exists (select 1 from ${classSessions} where ${classSessions.batchId} = ${batches.id} and ${classSessions.teacherId} = ${scope.userId})`;
    case 'student':
      return sql`${batches.id} = ${batchOfStudent(scope.studentId)}`;
    case 'parent':
      return sql`${batches.id} in (select ${users.batchId} from ${users} where ${inList(users.id, scope.children)})`;
    default:
      return unhandled(scope);
  }
}

/** The condition on `class_sessions`: which classes (and their attendance) this scope reaches. */
export function sessionFilter(scope: Scope): SQL | undefined {
  ask(scope, 'session');
  switch (scope.kind) {
    case 'admin':
    case 'accountant':
      return undefined;
    case 'centres':
      return sql`exists (select 1 from ${batches} where ${batches.id} = ${classSessions.batchId} and ${inCentres(batches.centreId, scope.centres)})`;
    case 'faculty':
      return eq(classSessions.teacherId, scope.userId);
    case 'student':
      return sql`${classSessions.batchId} = ${batchOfStudent(scope.studentId)}`;
    case 'parent':
      return sql`${classSessions.batchId} in (select ${users.batchId} from ${users} where ${inList(users.id, scope.children)})`;
    default:
      return unhandled(scope);
  }
}

/** Throws "not found" unless the row `id` of `idColumn`'s table passes `filter` (no filter: every row). */
async function assertRowInScope(
  db: Db | Tx,
  idColumn: typeof batches.id | typeof classSessions.id,
  id: string,
  filter: SQL | undefined,
  message: string,
) {
  if (filter === undefined) return;
  const [row] = await db
    .select({ id: idColumn })
    .from(idColumn.table)
    .where(and(eq(idColumn, id), filter))
    .limit(1);
  if (!row) throw notFound(message);
}

/** A batch outside the scope is "not found". */
export const assertBatch = (db: Db | Tx, scope: Scope, id: string) =>
  assertRowInScope(db, batches.id, id, batchFilter(scope), BATCH_MSG.notFound);

/** A class outside the scope is "not found", and so is its attendance. */
export const assertSession = (db: Db | Tx, scope: Scope, id: string) =>
  assertRowInScope(db, classSessions.id, id, sessionFilter(scope), BATCH_MSG.sessionNotFound);

/**
 * May this scope place a student into this batch (an approval, a move)? Staff bound to centres place only
 * into batches of their centres; whoever else may place students (the permission table decides) anywhere.
 */
export async function mayPlaceInBatch(db: Db | Tx, scope: Scope, batchId: string): Promise<boolean> {
  const filter = centreFilter(scope, batches.centreId);
  if (filter === undefined) return true;
  const [row] = await db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.id, batchId), filter))
    .limit(1);
  return row !== undefined;
}

/** A placement into a batch the scope may not place into is a bad request naming the field. */
export async function assertPlacement(db: Db | Tx, scope: Scope, batchId: string | null | undefined, field = 'batch') {
  if (!batchId) return;
  if (!(await mayPlaceInBatch(db, scope, batchId))) throw badRequest(BATCH_MSG.notFound, { [field]: BATCH_MSG.notFound });
}

// Submissions

/** The condition on `submissions`: staff who evaluate reach every one, a student their own, others none. */
export function submissionFilter(scope: Scope): SQL | undefined {
  ask(scope, 'submission');
  switch (scope.kind) {
    case 'admin':
    case 'faculty':
      return undefined;
    case 'student':
      return eq(submissions.studentId, scope.studentId);
    case 'parent':
      return inList(submissions.studentId, scope.children);
    case 'centres':
    case 'accountant':
      return sql`false`;
    default:
      return unhandled(scope);
  }
}

/** Whether this scope reads a submission of this student (staff who evaluate read any). */
export function mayReadSubmissionOf(scope: Scope, studentId: string): boolean {
  ask(scope, 'submission');
  switch (scope.kind) {
    case 'admin':
    case 'faculty':
      return true;
    case 'student':
      return scope.studentId === studentId;
    case 'parent':
      return scope.children.includes(studentId);
    case 'centres':
    case 'accountant':
      return false;
    default:
      return unhandled(scope);
  }
}

/** Another student's submission is "not yours": 403 (docs/product.md section 7); only a missing one is 404. */
export async function refuseSubmission(db: Db | Tx, id: string): Promise<never> {
  const [row] = await db.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, id)).limit(1);
  if (row) throw forbidden();
  throw notFound(SUBMISSION_MESSAGES.notFound);
}

// Enquiries (the admissions desk, docs/product-admissions-desk.md)

/**
 * The condition on `enquiries`: every enquiry for a full admin, their centres' for staff bound to centres
 * (an enquiry with no centre is in none of them); nobody else works the desk.
 */
export function enquiryFilter(scope: Scope): SQL | undefined {
  ask(scope, 'enquiry');
  switch (scope.kind) {
    case 'admin':
      return undefined;
    case 'centres':
      return inCentres(enquiries.centreId, scope.centres);
    case 'faculty':
    case 'accountant':
    case 'student':
    case 'parent':
      return sql`false`;
    default:
      return unhandled(scope);
  }
}

/** An enquiry outside the scope, or none, is "not found" (nothing says whether another centre has it). */
export async function assertEnquiry(db: Db | Tx, scope: Scope, id: string) {
  const [row] = await db
    .select({ id: enquiries.id })
    .from(enquiries)
    .where(and(eq(enquiries.id, id), enquiryFilter(scope)))
    .limit(1);
  if (!row) throw notFound(ENQUIRY_MSG.notFound);
}

// Parents (docs/product-parents.md)

/**
 * A parent's child, as the student whose records the parent's routes read: the child's own scope, so the
 * parent's area shows what the student's own screens show (and no more: the parent's routes choose what to
 * read with it, never the keys or an unpublished result). Another student's id is "not found" (404), so
 * nothing confirms that the student exists; any scope but a parent's is refused.
 */
export function childScope(scope: Scope, studentId: string): StudentScope {
  ask(scope, 'child');
  switch (scope.kind) {
    case 'parent':
      if (!scope.children.includes(studentId)) throw notFound(PARENT_MSG.childNotFound);
      return { kind: 'student', studentId };
    case 'admin':
    case 'centres':
    case 'faculty':
    case 'accountant':
    case 'student':
      throw forbidden();
    default:
      return unhandled(scope);
  }
}

/** The parent this scope is (their own preferences, password, children list); any other scope is refused. */
export function ownParentId(scope: Scope): string {
  ask(scope, 'own');
  if (scope.kind !== 'parent') throw forbidden();
  return scope.parentId;
}
