import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultInstructions } from '@app/common/rules/instructions';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('presets', () => {
  it('lists the presets to an admin only', async () => {
    const res = await t.admin.get('/api/exam-presets');
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['clat-ug', 'clat-pg', 'ailet-ug', 'wbjs-prelims', 'djs-prelims']));
    const clat = res.json().find((p: { id: string }) => p.id === 'clat-ug');
    expect(clat).toMatchObject({ name: 'CLAT UG', duration: 120, negativeMarks: 0.25, resultMode: 'rank' });
    expect(clat.sections).toHaveLength(5);
    expect(clat.sections[0]).toEqual({ title: 'English Language', questionsMin: 22, questionsMax: 26 });
    const s = await t.createStudent();
    expect((await s.client.get('/api/exam-presets')).statusCode).toBe(403);
    expect((await t.visitor.get('/api/exam-presets')).statusCode).toBe(401);
  });
});

describe('default instructions state the marking scheme', () => {
  it('keeps "no negative marking" only when every penalty is 0', () => {
    expect(defaultInstructions([0, 0])).toContain('There is no negative marking.');
    const withPenalty = defaultInstructions([0.25, 0.25, 0]);
    expect(withPenalty).not.toContain('There is no negative marking.');
    expect(withPenalty).toContain(
      'Each correct answer carries the marks shown; each wrong answer costs 0.25 marks; unattempted questions carry no marks.',
    );
    expect(defaultInstructions([0.25, 0.5]).join(' ')).toContain('each wrong answer costs the negative marks shown with the question');
  });
});
