import { count } from 'drizzle-orm';
import { addDays, todayInIndia, weekOf } from '@app/common';
import type { Db } from './client.ts';
import { batches, centres, classSessions, courses } from './schema.ts';

// Demo batches: one per course and centre, each with this week's classes, so a fresh install shows the
// timetable, the attendance screen and the students' calendar. Only on a database without batches.

const SUBJECTS: Record<string, string[]> = {
  Judiciary: ['Constitutional Law', 'Code of Civil Procedure', 'Criminal Law', 'Evidence Act', 'Answer Writing', 'Local Laws'],
  Entrance: ['Legal Reasoning', 'Logical Reasoning', 'English', 'Current Affairs', 'Quantitative Techniques', 'Mock Review'],
};
const TEACHERS = ['Adv. R. Sen', 'Dr. P. Ghosh', 'Ms. A. Banerjee', 'Mr. S. Dutta'];

/** The academic year holding a date: April to March, as "2026-27". */
export function academicYearOf(date: string): string {
  const [y, m] = date.split('-').map(Number);
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export async function seedDemoBatches(db: Db, now = new Date()) {
  const [{ n }] = await db.select({ n: count() }).from(batches);
  if (n > 0) return;
  const today = todayInIndia(now);
  const week = weekOf(today);
  const year = academicYearOf(today);
  const allCourses = await db.select().from(courses);
  const allCentres = await db.select().from(centres);
  for (const course of allCourses) {
    const short = course.name.replace(/ Preparation$| Exam$/, '');
    for (const centre of allCentres) {
      // Shrirampur runs its batches at the weekend (its facilities say so); the others in the morning.
      const isWeekend = centre.id === 'shrirampur';
      const [batch] = await db
        .insert(batches)
        .values({
          name: `${short} ${year} ${isWeekend ? 'Weekend' : 'Morning'}, ${centre.name.replace(/ Centre$/, '')}`,
          courseId: course.id,
          centreId: centre.id,
          academicYear: year,
          timing: isWeekend ? 'WEEKEND' : 'MORNING',
          startsOn: addDays(week.from, -56),
          endsOn: addDays(week.from, 280),
          capacity: 40,
        })
        .onConflictDoNothing()
        .returning();
      if (!batch) continue;
      const subjects = SUBJECTS[course.category] ?? SUBJECTS.Entrance;
      const days = isWeekend ? [5, 6] : [0, 1, 2, 3, 4, 5];
      await db.insert(classSessions).values(
        days.flatMap((d, i) =>
          (isWeekend ? ['10:00', '13:00'] : ['09:00']).map((start, j) => ({
            batchId: batch.id,
            date: addDays(week.from, d),
            startTime: start,
            endTime: `${String(Number(start.slice(0, 2)) + 2).padStart(2, '0')}:30`,
            subject: subjects[(i * 2 + j) % subjects.length],
            teacher: TEACHERS[(i + j) % TEACHERS.length],
            room: `Room ${1 + ((i + j) % 4)}`,
          })),
        ),
      );
    }
  }
}
