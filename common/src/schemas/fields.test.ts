import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { blankAsMissing, blankToUndefined, email, indianMobile, indianPhoneDigits, isBlank, optionalDate, phone, text } from './fields.ts';

const messageOf = (schema: z.ZodType, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? null : r.error.issues[0].message;
};

describe('blank is missing', () => {
  it("reads '', white space only and null as missing, and nothing else", () => {
    for (const blank of ['', '   ', '\t\n', null]) {
      expect(isBlank(blank)).toBe(true);
      expect(blankToUndefined(blank)).toBeUndefined();
    }
    for (const value of ['a', ' a ', 0, false, [], undefined]) expect(blankToUndefined(value)).toBe(value);
  });

  it('lets an optional field be absent and its default apply', () => {
    const sort = blankAsMissing(z.enum(['name', 'date']).default('name'));
    expect(sort.parse('  ')).toBe('name');
    expect(sort.parse(null)).toBe('name');
    expect(sort.parse('date')).toBe('date');
    expect(messageOf(sort, 'size')).toMatch(/Invalid option/);
  });
});

describe('required text', () => {
  it('trims, and names the field in its messages', () => {
    const name = text('Institute name', 10);
    expect(name.parse('  LCI  ')).toBe('LCI');
    expect(messageOf(name, '   ')).toBe('Institute name is required');
    expect(messageOf(name, undefined)).toBe('Institute name is required');
    expect(messageOf(name, 'x'.repeat(11))).toBe('Institute name is too long');
  });
});

describe('e-mail', () => {
  it('is trimmed and lower-cased, and refused when it is not one', () => {
    expect(email.parse('  Office@Example.COM ')).toBe('office@example.com');
    expect(messageOf(email, 'office@')).toBe('Please enter a valid email address');
    expect(messageOf(email, '')).toBe('Email is required');
  });
});

describe('the phone rule: an Indian number of 10 digits, with +91 or 0 in front or not', () => {
  it('reads mobiles and landlines as people type them', () => {
    for (const [typed, digits] of [
      ['9830012345', '9830012345'],
      ['98300 12345', '9830012345'],
      ['+91 98300-12345', '9830012345'],
      ['098300 12345', '9830012345'],
      ['919830012345', '9830012345'],
      ['+91 33 2550 1201', '3325501201'],
      ['(033) 2550-1201', '3325501201'],
      ['033.2550.1201', '3325501201'],
    ]) {
      expect(indianPhoneDigits(typed), typed).toBe(digits);
    }
  });

  it('refuses what is not one', () => {
    for (const bad of [
      'call us',
      '',
      null,
      undefined,
      '12345',
      '+91 98300',
      '98300123456',
      '0000000000',
      '+44 20 7946 0958',
      '98300+12345',
    ]) {
      expect(indianPhoneDigits(bad), String(bad)).toBeNull();
    }
  });

  it('takes a mobile (6 to 9 first) for SMS and WhatsApp, not a landline', () => {
    expect(indianMobile('+91 98300 00000')).toBe('9830000000');
    expect(indianMobile('60000 00000')).toBe('6000000000');
    expect(indianMobile('+91 33 2550 1201')).toBeNull();
    expect(indianMobile('50000 00000')).toBeNull();
  });

  it('as a field: required, at most 20 characters, kept as typed', () => {
    const field = phone('Phone number');
    expect(field.parse(' +91 98300 12345 ')).toBe('+91 98300 12345');
    expect(messageOf(field, 'call me maybe')).toBe('Please enter a valid phone number');
    expect(messageOf(field, '')).toBe('Phone number is required');
    expect(messageOf(field, '9'.repeat(21))).toBe('Phone number is too long');
    expect(messageOf(phone('Phone', 'Phone: please enter a valid phone number'), '12')).toBe('Phone: please enter a valid phone number');
  });
});

describe('an optional date', () => {
  const date = optionalDate('Valid from must be a valid date');

  it('keeps absent as absent, clears on blank or null, reads an ISO date', () => {
    expect(date.parse(undefined)).toBeUndefined();
    for (const blank of [null, '', '  ']) expect(date.parse(blank)).toBeNull();
    expect(date.parse('2026-11-26T04:00:00.000Z')).toEqual(new Date('2026-11-26T04:00:00.000Z'));
  });

  it('refuses what is not a date, or one the database cannot store, with its message', () => {
    for (const bad of ['tomorrow', '2026-13-01', '+275760-01-01T00:00:00Z'])
      expect(messageOf(date, bad)).toBe('Valid from must be a valid date');
    expect(messageOf(date, 42)).toMatch(/Invalid input/);
  });
});
