import { describe, expect, it } from 'vitest';
import { formatDate, fromIstInput, indiaDayOf, todayInIndia, toIstInput } from './dates.ts';

describe('formatDate against Intl.DateTimeFormat en-IN in Asia/Kolkata', () => {
  const intl = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' });

  it('answers what Intl answers for instants from 1946 to 2100, and either side of every IST midnight of a year', () => {
    const checked: number[] = [];
    // Every 31 hours and 13 minutes from 1946 to 2100: every hour of the day, every month, every year.
    for (let t = Date.UTC(1946, 0, 1); t < Date.UTC(2100, 0, 1); t += (31 * 60 + 13) * 60_000) checked.push(t);
    // The minutes either side of midnight in India (18:30 UTC).
    for (let d = Date.UTC(2026, 0, 1, 18, 29, 59, 999); d < Date.UTC(2027, 0, 1); d += 86_400_000) checked.push(d, d + 1);
    for (const t of checked) expect(formatDate(new Date(t)), new Date(t).toISOString()).toBe(intl.format(t));
  });

  it('reads ISO strings and dates alike, and writes September as en-IN does', () => {
    expect(formatDate('2026-09-10T10:00:00Z')).toBe('10 Sept 2026');
    expect(formatDate('2026-11-27T18:30:00.000Z')).toBe('28 Nov 2026');
    expect(formatDate(new Date('2026-11-27T18:29:59.999Z'))).toBe('27 Nov 2026');
  });

  it('goes through Intl before 1945, when India kept other offsets', () => {
    for (const iso of ['1942-09-01T17:45:00Z', '1900-01-01T18:20:00Z', '1945-10-14T18:00:00Z']) {
      expect(formatDate(iso)).toBe(intl.format(new Date(iso)));
    }
  });

  it('answers nothing for no date or for one that is not a date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('the India calendar day', () => {
  it('is the date in Asia/Kolkata, either side of midnight there', () => {
    expect(indiaDayOf(new Date('2026-11-27T18:29:59.999Z'))).toBe('2026-11-27');
    expect(indiaDayOf(new Date('2026-11-27T18:30:00.000Z'))).toBe('2026-11-28');
    expect(todayInIndia(new Date('2026-03-31T20:00:00Z'))).toBe('2026-04-01');
  });

  it('answers what Intl answers, before 1945 too', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (let t = Date.UTC(1930, 0, 1, 18, 0); t < Date.UTC(2060, 0, 1); t += (97 * 60 + 7) * 60_000 * 24) {
      expect(indiaDayOf(new Date(t)), new Date(t).toISOString()).toBe(intl.format(t));
    }
  });

  it('throws on a date that is not one, as Intl does, instead of answering a day', () => {
    expect(() => indiaDayOf(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('datetime-local values in India time', () => {
  it('shows an instant as India time and reads it back', () => {
    expect(toIstInput('2026-11-26T04:00:00.000Z')).toBe('2026-11-26T09:30');
    expect(fromIstInput('2026-11-26T09:30')).toBe('2026-11-26T04:00:00.000Z');
    expect(fromIstInput('2026-11-26T09:30:15')).toBe('2026-11-26T04:00:15.000Z');
    expect(fromIstInput(toIstInput('2026-01-01T00:00:00.000Z'))).toBe('2026-01-01T00:00:00.000Z');
  });

  it('shows nothing for no instant or one that is not a date', () => {
    for (const bad of [null, undefined, '', 'not a date', '2026-13-45T99:99']) expect(toIstInput(bad)).toBe('');
  });

  it('reads blank as none, and gives back what is not a date and time so that the schema refuses it', () => {
    for (const blank of [null, undefined, '', '   ']) expect(fromIstInput(blank)).toBeNull();
    expect(fromIstInput('tomorrow')).toBe('tomorrow');
    expect(fromIstInput('2026-13-01T10:00')).toBe('2026-13-01T10:00');
    expect(fromIstInput(' 2026-11-26T09:30 ')).toBe('2026-11-26T04:00:00.000Z');
  });
});
