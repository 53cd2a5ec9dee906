// The database after the storm: one submission per student holding every answer the server
// acknowledged, with the right marks, and no attempt left open.
import { QUESTIONS } from './storm-paper.mjs';
import { openSql } from './sql.mjs';

export async function checkDatabase(db, exam, outcomes) {
  const sql = await openSql(db);
  try {
    const rows = await sql.query(
      `select u.email, s.answers, s.marks_obtained::float as marks, s.correct_answers as correct, s.incorrect_answers as incorrect,
              s.unattempted, (select count(*)::int from submissions s2 where s2.exam_id = s.exam_id and s2.student_id = s.student_id) as copies
       from submissions s join users u on u.id = s.student_id where s.exam_id = $1`,
      [exam.id],
    );
    const [{ open }] = await sql.query('select count(*)::int as open from exam_attempts where exam_id = $1 and closed_at is null', [
      exam.id,
    ]);
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    const check = {
      students: outcomes.length,
      submissions: rows.length,
      missing: 0,
      duplicated: 0,
      lostAnswers: 0,
      wrongMarks: 0,
      openAttempts: open,
      checkedAnswers: 0,
    };
    for (const o of outcomes) {
      const row = byEmail.get(o.s.email);
      if (!row) {
        check.missing++;
        continue;
      }
      if (row.copies !== 1) check.duplicated++;
      // Each stored answer is [question id, option chosen, marks, text?] (server/src/db/marked-answers.ts).
      const stored = new Map(row.answers.map(([questionId, selectedOption]) => [questionId, selectedOption]));
      let marks = 0; // +1 right, minus the question's penalty wrong (quarters: exact in floating point)
      let correct = 0;
      let incorrect = 0;
      for (const q of exam.questions) {
        if (o.unsure.has(q.id)) continue;
        const want = q.id in o.acked ? o.acked[q.id] : null;
        check.checkedAnswers++;
        if ((stored.get(q.id) ?? null) !== want) check.lostAnswers++;
        if (want === null) continue;
        if (want === q.correct) {
          marks++;
          correct++;
        } else {
          marks -= q.penalty;
          incorrect++;
        }
      }
      const exact = o.unsure.size === 0;
      if (
        exact &&
        (row.marks !== marks ||
          row.correct !== correct ||
          row.incorrect !== incorrect ||
          row.unattempted !== QUESTIONS - correct - incorrect)
      ) {
        check.wrongMarks++;
      }
      if (exact && o.result && o.result.marksObtained !== marks) check.wrongMarks++;
    }
    return check;
  } finally {
    await sql.close();
  }
}
