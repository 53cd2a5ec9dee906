import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { ownStudentId, questionsAsked, type Scope, scopeOfActor, studentOfScope } from './record-scope.ts';

// The student of a student's own route, from the scope alone (lib/record-scope.ts, docs/architecture.md
// "Whose records"): no look-up, so the exam hall can ask it on every request.

const actor = (role: 'admin' | 'centre_manager' | 'faculty' | 'accountant' | 'student') =>
  scopeOfActor({
    id: `id-of-${role}`,
    role,
    centres: role === 'centre_manager' ? ['kasba'] : null,
    firstName: 'A',
    lastName: 'B',
    email: 'a@b.c',
  });
const STAFF = ['admin', 'centre_manager', 'faculty', 'accountant'] as const;

describe('the student of a scope', () => {
  it('is the signed-in student, and no one for any kind of staff', () => {
    expect(studentOfScope(actor('student'))).toBe('id-of-student');
    for (const role of STAFF) expect(studentOfScope(actor(role)), role).toBeNull();
  });

  it("is refused to staff on a student's own route with 403", () => {
    expect(ownStudentId(actor('student'))).toBe('id-of-student');
    for (const role of STAFF) {
      let refused: unknown;
      try {
        ownStudentId(actor(role));
      } catch (err) {
        refused = err;
      }
      expect(refused, role).toBeInstanceOf(AppError);
      expect((refused as AppError).code, role).toBe('FORBIDDEN');
    }
  });

  it('notes each question on its own scope, outside the scope’s data', () => {
    const scope: Scope = actor('student');
    const other = actor('student');
    expect(questionsAsked(scope)).toEqual([]);
    ownStudentId(scope);
    studentOfScope(scope);
    expect(questionsAsked(scope)).toEqual(['own', 'own']);
    expect(questionsAsked(other)).toEqual([]);
    expect(JSON.parse(JSON.stringify(scope))).toEqual({ kind: 'student', studentId: 'id-of-student' });
  });
});
