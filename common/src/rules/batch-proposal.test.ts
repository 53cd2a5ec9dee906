import { describe, expect, it } from 'vitest';
import type { Batch } from '../schemas/batches.ts';
import { proposeBatch } from './batch-proposal.ts';

const batch = (patch: Partial<Batch>): Batch => ({
  _id: 'b',
  name: 'B',
  course: 'c1',
  courseName: 'CLAT',
  centre: 'dumdum',
  centreName: 'Dumdum',
  academicYear: '2026-27',
  timing: 'MORNING',
  startsOn: '2026-06-01',
  endsOn: '2027-03-31',
  capacity: 40,
  isActive: true,
  studentsCount: 0,
  ...patch,
});

describe('proposeBatch', () => {
  const request = { course: 'c1', centre: 'dumdum', batchPreference: 'EVENING' };
  it('prefers the timing asked for, among active batches of the course and centre with room', () => {
    const list = [
      batch({ _id: 'morning' }),
      batch({ _id: 'evening', timing: 'EVENING' }),
      batch({ _id: 'full-evening', timing: 'EVENING', studentsCount: 40, startsOn: '2026-01-01' }),
      batch({ _id: 'other-centre', timing: 'EVENING', centre: 'kasba', startsOn: '2026-01-01' }),
    ];
    expect(proposeBatch(list, request)?._id).toBe('evening');
  });
  it('falls back to another timing, then to none', () => {
    expect(proposeBatch([batch({ _id: 'morning' })], request)?._id).toBe('morning');
    expect(proposeBatch([batch({ isActive: false })], request)).toBeNull();
    expect(proposeBatch([batch({ course: 'c2' })], request)).toBeNull();
  });
});
