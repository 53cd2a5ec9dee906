import { and, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { StudentListQuery } from '@app/common/schemas/users';
import type { Db } from '../../db/client.ts';
import { batches, centres, courses, submissions, users } from '../../db/schema.ts';
import { likeContains } from '../../lib/escape.ts';
import { averagePercentageSql, percentageSql } from '../../lib/scores.ts';
import { centreFilter, type Scope, studentFilter } from '../../lib/record-scope.ts';

// Everything here is done by the database, so the list stays fast with 10,000 students (docs/product.md section 2).

/** `scope`: whose records the caller reaches (lib/record-scope.ts): a centre manager's centres' students. */
export type StudentFilters = Pick<StudentListQuery, 'search' | 'status' | 'course' | 'centre' | 'batch'> & { scope: Scope };
export type ScopedStudentQuery = StudentListQuery & { scope: Scope };

export function studentWhere(f: StudentFilters): SQL {
  const conds: (SQL | undefined)[] = [eq(users.role, 'student')];
  if (f.search) {
    const p = likeContains(f.search);
    conds.push(
      or(
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p),
        ilike(users.email, p),
        ilike(users.phone, p),
        ilike(users.registrationNumber, p),
      ),
    );
  }
  if (f.status) conds.push(eq(users.isActive, f.status === 'active'));
  if (f.course) conds.push(eq(users.courseInterest, f.course));
  if (f.centre) conds.push(eq(users.centreId, f.centre));
  if (f.batch) conds.push(eq(users.batchId, f.batch));
  conds.push(studentFilter(f.scope));
  return and(...conds)!;
}

function orderFor(q: ScopedStudentQuery, figures: { examsTaken: SQL; averageScore: SQL } | null): SQL[] {
  const dir = sql.raw(q.order === 'desc' ? 'desc' : 'asc');
  const by = (expr: SQL) => sql`${expr} ${dir} nulls last`;
  const nameIn = (d: SQL) => [sql`lower(${users.firstName}) ${d}`, sql`lower(${users.lastName}) ${d}`];
  const primary: Record<StudentListQuery['sort'], SQL[]> = {
    name: nameIn(dir),
    course: [by(sql`lower(${users.courseInterest})`)],
    centre: [by(sql`lower(${centres.name})`)],
    email: [by(sql`${users.email}`)],
    joinDate: [by(sql`${users.createdAt}`)],
    performance: figures ? [by(figures.averageScore)] : [],
    exams: figures ? [by(figures.examsTaken)] : [],
  };
  // Ties go by name (A to Z), then id, so that pages never overlap.
  return [...primary[q.sort], ...(q.sort === 'name' ? [] : nameIn(sql.raw('asc'))), sql`${users.id} asc`];
}

const isFigureSort = (q: ScopedStudentQuery) => q.sort === 'performance' || q.sort === 'exams';

/**
 * Each filtered student's id and exam figures, in list order. Users are joined to their submissions
 * directly (narrow rows, grouped by id): whatever plan the database picks can use the index on
 * submissions.student_id, so it never degrades into comparing every student with every group.
 */
function selectFigures(db: Db, q: ScopedStudentQuery, onlyIds?: string[]) {
  const examsTaken = sql<number>`count(${submissions.id})::int`;
  const averageScore = averagePercentageSql();
  return db
    .select({ id: users.id, examsTaken, averageScore })
    .from(users)
    .leftJoin(centres, eq(users.centreId, centres.id))
    .leftJoin(submissions, eq(submissions.studentId, users.id))
    .where(onlyIds ? and(studentWhere(q), inArray(users.id, onlyIds)) : studentWhere(q))
    .groupBy(users.id, centres.id)
    .orderBy(...orderFor(q, { examsTaken, averageScore }))
    .$dynamic();
}

const selectProfiles = (db: Db, q: ScopedStudentQuery, onlyIds?: string[]) =>
  db
    .select({ user: users, centre: centres, batch: { id: batches.id, name: batches.name } })
    .from(users)
    .leftJoin(centres, eq(users.centreId, centres.id))
    .leftJoin(batches, eq(users.batchId, batches.id))
    .where(onlyIds ? and(studentWhere(q), inArray(users.id, onlyIds)) : studentWhere(q));

type Profile = Awaited<ReturnType<typeof selectProfiles>>[number];
type Figures = { id: string; examsTaken: number; averageScore: number | null };
export type StudentRow = Profile & Omit<Figures, 'id'>;

/** Profiles in the order of `figures`. */
function merge(figures: Figures[], profiles: Profile[]): StudentRow[] {
  const byId = new Map(profiles.map((p) => [p.user.id, p]));
  return figures.flatMap(({ id, examsTaken, averageScore }) => {
    const p = byId.get(id);
    return p ? [{ ...p, examsTaken, averageScore }] : [];
  });
}

/** Every filtered student, sorted (the CSV export). */
export async function selectAllStudents(db: Db, q: ScopedStudentQuery): Promise<StudentRow[]> {
  const [figures, profiles] = await Promise.all([selectFigures(db, q), selectProfiles(db, q)]);
  return merge(figures, profiles);
}

/**
 * One page of students. Unless the sort is by exam figures, the page is chosen from the users table alone;
 * then figures and profiles are read for its rows only.
 */
export async function selectStudentPage(db: Db, q: ScopedStudentQuery, limit: number, offset: number): Promise<StudentRow[]> {
  const page = isFigureSort(q)
    ? await selectFigures(db, q).limit(limit).offset(offset)
    : await db
        .select({ id: users.id })
        .from(users)
        .leftJoin(centres, eq(users.centreId, centres.id))
        .where(studentWhere(q))
        .orderBy(...orderFor(q, null))
        .limit(limit)
        .offset(offset);
  if (page.length === 0) return [];
  const ids = page.map((r) => r.id);
  const [figures, profiles] = await Promise.all([selectFigures(db, q, ids), selectProfiles(db, q, ids)]);
  const figuresById = new Map(figures.map((f) => [f.id, f]));
  return merge(
    ids.map((id) => figuresById.get(id)).filter((f): f is Figures => f !== undefined),
    profiles,
  );
}

export async function countStudents(db: Db, f: StudentFilters) {
  const [row] = await db.select({ n: count() }).from(users).where(studentWhere(f));
  return row.n;
}

/** The tiles and distribution cards of the student list, over every student whatever the filters. */
export async function selectStudentStats(db: Db, scope: Scope) {
  const scoped = studentFilter(scope);
  // Each student's summed marks first (a plain join, grouped by student, so the index on
  // submissions.student_id serves any plan), then the course figures over those rows.
  const perStudent = db
    .select({
      course: sql<string>`${users.courseInterest}`.as('course'),
      marks: sql<number>`sum(${submissions.marksObtained})`.as('marks'),
      total: sql<number>`sum(${submissions.totalMarks})`.as('total'),
    })
    .from(users)
    .leftJoin(submissions, eq(submissions.studentId, users.id))
    .where(and(eq(users.role, 'student'), scoped, sql`coalesce(${users.courseInterest}, '') <> ''`))
    .groupBy(users.id)
    .as('per_student');
  const [[head], [active], centreRows, courseRows] = await Promise.all([
    db
      .select({
        totalStudents: sql<number>`count(*)::int`,
        activeStudents: sql<number>`(count(*) filter (where ${users.isActive}))::int`,
        activeCentres: sql<number>`count(distinct ${users.centreId})::int`,
      })
      .from(users)
      .where(and(eq(users.role, 'student'), scoped)),
    db.select({ n: count() }).from(courses).where(eq(courses.isActive, true)),
    db
      .select({ centre: centres.id, name: centres.name, count: sql<number>`count(${users.id})::int` })
      .from(centres)
      .leftJoin(users, and(eq(users.centreId, centres.id), eq(users.role, 'student')))
      .where(centreFilter(scope, centres.id))
      .groupBy(centres.id, centres.name)
      .orderBy(centres.name),
    db
      .select({
        course: perStudent.course,
        count: sql<number>`count(*)::int`,
        // The same formula as a student's own average (summed marks over summed totals), over the course's students.
        averageScore: percentageSql(sql`sum(${perStudent.marks})`, sql`sum(${perStudent.total})`),
      })
      .from(perStudent)
      .groupBy(perStudent.course)
      .orderBy(sql`count(*) desc`, perStudent.course),
  ]);
  return {
    totalStudents: head.totalStudents,
    activeStudents: head.activeStudents,
    coursesOffered: active.n,
    activeCentres: head.activeCentres,
    centreDistribution: centreRows,
    courseDistribution: courseRows,
  };
}
