import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { auditLog, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let n = 0;
const newAdmin = (over: Record<string, unknown> = {}) => ({
  firstName: 'Meera',
  lastName: 'Sen',
  email: `meera${++n}@test.local`,
  phone: '+91 98300 12345',
  password: 'Strong-Admin-Pass-1',
  ...over,
});
const userByEmail = async (email: string) => (await t.ctx.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /api/auth/create-admin', () => {
  it('lets an admin create an admin (201), who can then sign in as admin', async () => {
    const body = newAdmin();
    const res = await t.admin.post('/api/auth/create-admin', body);
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer.message).toBe('Admin account created successfully');
    expect(answer.user).toMatchObject({
      firstName: 'Meera',
      lastName: 'Sen',
      fullName: 'Meera Sen',
      email: body.email,
      phone: '+91 98300 12345',
      role: 'admin',
      isActive: true,
    });
    expect(res.body).not.toMatch(/password|argon2/i);

    const row = await userByEmail(body.email);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const login = await t.visitor.post('/api/auth/login', { email: body.email, password: body.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('admin');
    // The new admin has full privileges, including creating other admins.
    const next = await t.withToken(login.json().token).post('/api/auth/create-admin', newAdmin());
    expect(next.statusCode).toBe(201);

    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(audit).toMatchObject({ action: 'admin.create', entity: 'user' });
  });

  it('accepts the spec payload without a phone or confirmation, and a matching confirmation', async () => {
    const { phone: _p, ...noPhone } = newAdmin();
    const res = await t.admin.post('/api/auth/create-admin', noPhone);
    expect(res.statusCode).toBe(201);
    expect(res.json().user.phone).toBeNull();
    const empty = await t.admin.post('/api/auth/create-admin', newAdmin({ phone: '' }));
    expect(empty.statusCode).toBe(201);
    expect(empty.json().user.phone).toBeNull();
    const confirmed = newAdmin();
    expect((await t.admin.post('/api/auth/create-admin', { ...confirmed, confirmPassword: confirmed.password })).statusCode).toBe(201);
  });

  it('stores the e-mail in lower case and trims the names', async () => {
    const res = await t.admin.post('/api/auth/create-admin', newAdmin({ email: '  Mixed.Case@Test.Local ', firstName: '  Ravi ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email: 'mixed.case@test.local', firstName: 'Ravi' });
  });

  it('answers a duplicate e-mail with 409, whatever its case', async () => {
    const body = newAdmin();
    expect((await t.admin.post('/api/auth/create-admin', body)).statusCode).toBe(201);
    const again = await t.admin.post('/api/auth/create-admin', { ...body, email: body.email.toUpperCase(), firstName: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'An account with this email already exists', code: 'CONFLICT' });
    expect((await userByEmail(body.email)).firstName).toBe('Meera');
    // Also against a student's e-mail.
    const s = await t.createStudent();
    expect((await t.admin.post('/api/auth/create-admin', newAdmin({ email: s.email }))).statusCode).toBe(409);
    expect((await userByEmail(s.email)).role).toBe('student');
  });

  it('answers 403 to a student and 401 to a visitor, creating nobody', async () => {
    const s = await t.createStudent();
    const byStudent = newAdmin();
    const res = await s.client.post('/api/auth/create-admin', byStudent);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' });
    const byVisitor = newAdmin();
    const anon = await t.visitor.post('/api/auth/create-admin', byVisitor);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
    expect(await userByEmail(byStudent.email)).toBeUndefined();
    expect(await userByEmail(byVisitor.email)).toBeUndefined();
  });

  it('answers 401/403 (not 400) to a visitor or a student sending a bad body', async () => {
    expect((await t.visitor.post('/api/auth/create-admin', {})).statusCode).toBe(401);
    const s = await t.createStudent();
    expect((await s.client.post('/api/auth/create-admin', { email: 'x' })).statusCode).toBe(403);
  });

  it('answers bad input with 400 and a message per field', async () => {
    const missing = await t.admin.post('/api/auth/create-admin', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
    });

    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { firstName: '  ', lastName: '' },
        { firstName: 'First name is required', lastName: 'Last name is required' },
      ],
      [{ email: 'nope' }, { email: 'Please enter a valid email address' }],
      [{ password: 'abc' }, { password: 'Password must be at least 6 characters long' }],
      [{ confirmPassword: 'Different-Pass-1' }, { confirmPassword: 'Passwords do not match' }],
      [{ phone: 'call me maybe' }, { phone: 'Please enter a valid phone number' }],
      [{ firstName: 'x'.repeat(101) }, { firstName: 'First name is too long' }],
    ];
    for (const [over, fields] of cases) {
      const body = newAdmin(over);
      const res = await t.admin.post('/api/auth/create-admin', body);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields).toEqual(fields);
      expect(res.json().message).toBe(Object.values(fields)[0]);
      expect(await userByEmail(String(body.email).trim().toLowerCase())).toBeUndefined();
    }
  });

  it('refuses a common password', async () => {
    const body = newAdmin({ password: 'password123' });
    const res = await t.admin.post('/api/auth/create-admin', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'This password is too common. Please choose a less predictable one.',
      fields: { password: 'This password is too common. Please choose a less predictable one.' },
    });
    expect(await userByEmail(body.email)).toBeUndefined();
  });

  it('never takes the role or the active flag from the body', async () => {
    const body = newAdmin({ role: 'student', isActive: false, tokenVersion: 7 });
    const res = await t.admin.post('/api/auth/create-admin', body);
    expect(res.statusCode).toBe(201);
    const row = await userByEmail(body.email);
    expect(row).toMatchObject({ role: 'admin', isActive: true, tokenVersion: 0 });
  });
});
