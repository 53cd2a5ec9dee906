import { describe, expect, it } from 'vitest';
import { financialYear as batchYearFor, yearInIndia } from '@app/common/rules/dates';
import { splitFullName } from './numbers.ts';

describe('admission numbering', () => {
  it('names the Indian academic year, which starts in April', () => {
    expect(batchYearFor(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(batchYearFor(new Date('2026-03-31T23:59:00+05:30'))).toBe('2025-26');
    expect(batchYearFor(new Date('2027-01-15T10:00:00+05:30'))).toBe('2026-27');
    expect(batchYearFor(new Date('2099-12-01T10:00:00Z'))).toBe('2099-00');
    // 31 March 20:00 UTC is already 1 April in India.
    expect(batchYearFor(new Date('2026-03-31T20:00:00Z'))).toBe('2026-27');
  });

  it('takes the year in India', () => {
    expect(yearInIndia(new Date('2026-12-31T20:00:00Z'))).toBe(2027);
  });

  it('splits a full name into first and last name', () => {
    expect(splitFullName('  Asha   Kumari Roy ')).toEqual({ firstName: 'Asha', lastName: 'Kumari Roy' });
    expect(splitFullName('Madonna')).toEqual({ firstName: 'Madonna', lastName: '' });
  });
});
