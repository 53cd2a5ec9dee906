import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '@app/common/schemas/users';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { admissionRequests, auditLog, mailOutbox, users } from '../../db/schema.ts';
import { yearInIndia } from '@app/common/rules/dates';
import { accountEmail } from '../../lib/account-email.ts';

let t: TestApp;
let token: string;
let courseId: string;
let batchName: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor('admin@test.local', 'Admin-Password-1');
  const course = { description: 'Law entrance', price: 25000, feeType: 'full', duration: '6 months', features: ['Mocks'] };
  courseId = (await t.admin.post('/api/courses', { ...course, name: 'CLAT Preparation' })).json()._id;
  await t.admin.post('/api/courses', { ...course, name: 'Judiciary Exam' });
  batchName = 'CLAT 2026-27 Morning, Dumdum';
  const b = await t.admin.post('/api/batches', {
    name: batchName,
    course: courseId,
    centre: 'dumdum',
    academicYear: '2026-27',
    timing: 'MORNING',
    startsOn: '2026-06-01',
    endsOn: '2027-03-31',
    capacity: 3,
  });
  expect(b.statusCode).toBe(201);
});
afterAll(() => t?.close());

function upload(file: Buffer, filename: string, query = '', field = 'file') {
  const boundary = '----import-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return t.inject({
    method: 'POST',
    url: `/api/users/import${query}`,
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const header = 'name,email,phone,course,centre,batch,registrationNumber';
const csv = (...lines: string[]) => Buffer.from([header, ...lines].join('\r\n'));

describe('POST /api/users/import', () => {
  it('a dry run checks every row, naming the column of each error, and changes nothing', async () => {
    const existing = await t.createStudent({ email: 'taken@example.com' });
    const file = csv(
      'Asha Roy,asha@example.com,9830011111,CLAT Preparation,dumdum,CLAT 2026-27 Morning Dumdum typo,',
      `Bina Das,bina@example.com,9830011112,clat preparation,dumdum,"${batchName.toLowerCase()}",OLD-001`,
      'Chandan Sen,not-an-email,9830011113,CLAT Preparation,dumdum,,',
      `Dev Paul,${existing.email},9830011114,CLAT Preparation,dumdum,,`,
      'Esha Bose,esha@example.com,9830011115,Astrology,dumdum,,',
      'Farid Ali,farid@example.com,9830011116,CLAT Preparation,atlantis,,',
      `Gita Jain,gita@example.com,9830011117,Judiciary Exam,dumdum,"${batchName}",`,
      'Hari Om,bina@example.com,9830011118,CLAT Preparation,kasba,,',
      ',nobody@example.com,9830011119,CLAT Preparation,kasba,,',
      'Ira Sen,ira@example.com,,CLAT Preparation,kasba,,',
      'Jaya Sen,jaya@example.com,9830011120,CLAT Preparation,kasba,,OLD-001',
    );
    const before = await t.ctx.db.$count(users);
    const res = await upload(file, 'students.csv', '?dryRun=true');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.ok, JSON.stringify(body.rows)).toBe(1);
    expect(body.errors).toBe(10);
    const byRow = Object.fromEntries(body.rows.map((r: { row: number; status: string; message: string }) => [r.row, r]));
    expect(byRow[2].message).toMatch(/^batch: /);
    expect(byRow[3]).toEqual({ row: 3, status: 'ok', message: IMPORT_MSG.ready });
    expect(byRow[4].message).toMatch(/^email: /);
    expect(byRow[5].message).toBe('email: An account with this e-mail already exists');
    expect(byRow[6].message).toMatch(/^course: /);
    expect(byRow[7].message).toMatch(/^centre: /);
    expect(byRow[8].message).toMatch(/^batch: .*another course/);
    expect(byRow[9].message).toBe('email: This e-mail appears twice in the file');
    expect(byRow[10].message).toMatch(/^name: /);
    expect(byRow[11].message).toMatch(/^phone: /);
    expect(byRow[12].message).toMatch(/^registrationNumber: /);
    expect(await t.ctx.db.$count(users)).toBe(before);
  });

  it('imports the valid rows of an .xlsx as approved admissions with accounts, batches and credentials mails; skips the rest', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Students');
    sheet.addRow(['Name', 'Email', 'Phone', 'Course', 'Centre', 'Batch', 'Registration Number']);
    sheet.addRow(['Kiran Rao', 'kiran@example.com', '9830022221', 'CLAT Preparation', 'dumdum', batchName, 'LCI-2019-00007']);
    sheet.addRow(['Lata Mitra', 'lata@example.com', 9830022222, 'CLAT Preparation', 'kasba', '', '']);
    // A formula is text: its formula, never its result, so this e-mail is refused.
    sheet.addRow([
      'Mona Lisa',
      { formula: 'HYPERLINK("http://evil.example","x@example.com")', result: 'x@example.com' },
      '9830022223',
      'CLAT Preparation',
      'dumdum',
      '',
      '',
    ]);
    const file = Buffer.from(await book.xlsx.writeBuffer());

    const dry = (await upload(file, 'students.xlsx', '?dryRun=true')).json();
    expect(dry).toMatchObject({ ok: 2, errors: 1 });
    expect(dry.rows[2].message).toMatch(/^email: /);

    const res = await upload(file, 'students.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, skipped: 1 });

    const [kiran] = await t.ctx.db.select().from(users).where(eq(users.email, 'kiran@example.com'));
    expect(kiran).toMatchObject({
      role: 'student',
      registrationNumber: 'LCI-2019-00007',
      centreId: 'dumdum',
      courseInterest: 'CLAT Preparation',
    });
    expect((await t.admin.get(`/api/users/${kiran.id}`)).json().batch.name).toBe(batchName);
    const [lata] = await t.ctx.db.select().from(users).where(eq(users.email, 'lata@example.com'));
    expect(lata.registrationNumber).toMatch(/^LCI-\d{4}-\d{5}$/);
    expect(lata.phone).toBe('9830022222');
    const [admission] = await t.ctx.db.select().from(admissionRequests).where(eq(admissionRequests.userId, kiran.id));
    expect(admission).toMatchObject({ status: 'approved', courseId, centreId: 'dumdum' });
    expect(admission.admissionNumber).toMatch(/^ADM-/);

    // The credentials mail, as an approval sends it; the student signs in with it.
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'kiran@example.com'));
    const password = /Temporary password: (\S+)/.exec(mail.text)?.[1];
    expect(mail.text).toContain('LCI-2019-00007');
    const login = await t.visitor.post('/api/auth/login', { email: 'kiran@example.com', password });
    expect(login.statusCode).toBe(200);
    expect(await t.ctx.db.$count(auditLog, eq(auditLog.action, 'users.import'))).toBe(1);

    // Importing the same file again creates nobody.
    expect((await upload(file, 'students.xlsx')).json()).toMatchObject({ created: 0, skipped: 3 });
  });

  it('numbers the rows one after another, after a number a row brings of its own, and each admission in turn', async () => {
    const prefix = `LCI-${yearInIndia(new Date())}-`;
    const own = `${prefix}00050`;
    const file = csv(
      'Nila Sen,nila@example.com,9830033331,CLAT Preparation,dumdum,,',
      'Om Das,om@example.com,9830033332,CLAT Preparation,dumdum,,',
      `Pia Roy,pia@example.com,9830033333,CLAT Preparation,kasba,,${own}`,
      'Ravi Jha,ravi@example.com,9830033334,CLAT Preparation,kasba,,',
      'Sima Pal,sima@example.com,9830033335,CLAT Preparation,kasba,,',
    );
    const res = await upload(file, 'students.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 5, skipped: 0 });
    const rows = await t.ctx.db
      .select({ email: users.email, number: users.registrationNumber, admission: admissionRequests.admissionNumber })
      .from(users)
      .innerJoin(admissionRequests, eq(admissionRequests.userId, users.id))
      .where(inArray(users.email, ['nila@example.com', 'om@example.com', 'pia@example.com', 'ravi@example.com', 'sima@example.com']));
    const by = new Map(rows.map((r) => [accountEmail(r).split('@')[0], r]));
    const n = (v: string | null | undefined) => Number(v?.slice(-5));
    const first = n(by.get('nila')?.number);
    expect(first).toBeLessThan(49);
    expect(by.get('nila')?.number).toBe(`${prefix}${String(first).padStart(5, '0')}`);
    expect([first + 1, 50, 51, 52]).toEqual(['om', 'pia', 'ravi', 'sima'].map((k) => n(by.get(k)?.number)));
    const admissions = ['nila', 'om', 'pia', 'ravi', 'sima'].map((k) => n(by.get(k)?.admission));
    expect(admissions).toEqual(admissions.map((_, i) => admissions[0] + i));
    // The next import, a transaction of its own, continues from the largest.
    expect((await upload(csv('Tara Ghosh,tara@example.com,9830033336,CLAT Preparation,dumdum,,'), 'more.csv')).statusCode).toBe(200);
    const [tara] = await t.ctx.db.select().from(users).where(eq(users.email, 'tara@example.com'));
    expect(tara.registrationNumber).toBe(`${prefix}00053`);
  });

  it('refuses a file that is not a spreadsheet, lacks columns, has no rows or is missing', async () => {
    const missing = await upload(Buffer.from('name,email\nA,a@b.c'), 'x.csv', '?dryRun=true');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(IMPORT_MSG.missingColumns(['phone', 'course', 'centre', 'batch']));
    const empty = await upload(csv(), 'x.csv', '?dryRun=true');
    expect(empty.json().message).toBe(IMPORT_MSG.empty);
    expect((await upload(Buffer.from('%PDF-1.4'), 'x.pdf', '?dryRun=true')).json().message).toBe(IMPORT_MSG.badType);
    expect((await upload(Buffer.from('PK\x03\x04garbage'), 'x.xlsx', '?dryRun=true')).json().message).toBe(IMPORT_MSG.unreadable);
    expect((await upload(csv('a'), 'x.csv', '?dryRun=true', 'other')).statusCode).toBe(400);
    const notMultipart = await t.admin.post('/api/users/import', { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const s = await t.createStudent();
    expect((await t.visitor.post('/api/users/import')).statusCode).toBe(401);
    expect((await s.client.post('/api/users/import')).statusCode).toBe(403);
  });
});
