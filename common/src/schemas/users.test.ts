import { describe, expect, it } from 'vitest';
import { studentListQuery, updateStudentBody } from './users.ts';

describe('student list query', () => {
  it('defaults to students by name ascending, 20 a page', () => {
    expect(studentListQuery.parse({})).toEqual({ role: 'student', sort: 'name', order: 'asc', page: 1, limit: 20 });
  });

  it('treats blank filters as absent and caps the limit at 100', () => {
    expect(studentListQuery.parse({ status: '', centre: '', search: ' ', limit: '500', page: '3' })).toEqual({
      role: 'student',
      sort: 'name',
      order: 'asc',
      page: 3,
      limit: 100,
    });
  });

  it('refuses unknown values', () => {
    for (const q of [
      { sort: 'age' },
      { order: 'up' },
      { status: 'gone' },
      { centre: 'paris' },
      { page: '0' },
      { limit: 'x' },
      { role: 'teacher' },
    ]) {
      expect(studentListQuery.safeParse(q).success, JSON.stringify(q)).toBe(false);
    }
  });

  it('takes only isActive on update', () => {
    expect(updateStudentBody.parse({ isActive: false, role: 'admin' })).toEqual({ isActive: false });
    expect(updateStudentBody.safeParse({}).success).toBe(false);
  });
});
