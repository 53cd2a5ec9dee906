import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARENT_MSG } from '@app/common/schemas/parents';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { studentGuardians, users } from '../../db/schema.ts';

// The student import's optional guardian columns (docs/product-parents.md "Guardians", docs/product-batches.md
// "Importing enrolled students"): lines and parent accounts per imported student; a bad value is the row's error.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor('admin@test.local', 'Admin-Password-1');
  const course = { description: 'Law entrance', price: 25000, feeType: 'full', duration: '6 months', features: ['Mocks'] };
  await t.admin.post('/api/courses', { ...course, name: 'CLAT Preparation' });
});
afterAll(() => t?.close());

function upload(file: Buffer, query = '') {
  const boundary = '----import-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="students.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  return t.inject({
    method: 'POST',
    url: `/api/users/import${query}`,
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const header =
  'name,email,phone,course,centre,batch,registrationNumber,guardian1Name,guardian1Relation,guardian1Phone,guardian1Email,guardian2Name,guardian2Relation,guardian2Phone,guardian2Email';
const csv = (...lines: string[]) => Buffer.from([header, ...lines].join('\r\n'));

describe('POST /api/users/import with guardian columns', () => {
  it('names the guardian column of a bad value, as for the other columns', async () => {
    const res = await upload(
      csv(
        'Asha Roy,asha.g@example.com,9830011111,CLAT Preparation,dumdum,,,Ritu Roy,Mother,12345,,,,,',
        'Bina Das,bina.g@example.com,9830011112,CLAT Preparation,dumdum,,,Moni Das,,9830011199,,,,,',
        'Chandan Sen,chandan.g@example.com,9830011113,CLAT Preparation,dumdum,,,Rupa Sen,Mother,,,Ravi Sen,Father,,not-mail',
        'Dev Paul,dev.g@example.com,9830011114,CLAT Preparation,dumdum,,,,,,,,,,',
      ),
      '?dryRun=true',
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows;
    expect(rows[0]).toMatchObject({ status: 'error', message: `guardian1Phone: ${PARENT_MSG.phoneInvalid}` });
    expect(rows[1]).toMatchObject({ status: 'error', message: expect.stringMatching(/^guardian1Relation: /) });
    expect(rows[2]).toMatchObject({ status: 'error', message: `guardian1Phone: ${PARENT_MSG.guardianContactRequired}` });
    expect(rows[3]).toMatchObject({ status: 'ok' });
  });

  it('makes the guardian lines and one parent account per phone (siblings share it)', async () => {
    const res = await upload(
      csv(
        'Esha Bose,esha.g@example.com,9830011115,CLAT Preparation,dumdum,,,Tara Bose,Mother,98300 22001,tara@example.com,Amal Bose,Father,9830022002,',
        'Farid Bose,farid.g@example.com,9830011116,CLAT Preparation,dumdum,,,Tara Bose,Mother,+919830022001,,,,,',
        'Gita Jain,gita.g@example.com,9830011117,CLAT Preparation,dumdum,,,,,,,,,,',
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 3, skipped: 0 });
    const students = await t.ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ['esha.g@example.com', 'farid.g@example.com', 'gita.g@example.com']));
    const idOf = (e: string) => students.find((s) => s.email === e)!.id;
    const esha = (await t.admin.get(`/api/users/${idOf('esha.g@example.com')}/guardians`)).json();
    expect(esha).toMatchObject([
      { name: 'Tara Bose', relation: 'Mother', phone: '+919830022001', email: 'tara@example.com' },
      { name: 'Amal Bose', relation: 'Father', phone: '+919830022002', email: null },
    ]);
    const farid = (await t.admin.get(`/api/users/${idOf('farid.g@example.com')}/guardians`)).json();
    expect(farid[0].parentId).toBe(esha[0].parentId);
    expect(
      await t.ctx.db
        .select()
        .from(studentGuardians)
        .where(eq(studentGuardians.studentId, idOf('gita.g@example.com'))),
    ).toEqual([]);
    const [tara] = await t.ctx.db.select().from(users).where(eq(users.id, esha[0].parentId));
    expect(tara).toMatchObject({ role: 'parent', phone: '+919830022001' });
  });
});
