import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Deck, type DueResponse, FLASHCARD_MSG, type FlashcardImportResult } from '@app/common/schemas/flashcards';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { flashcardProgress } from '../../db/schema.ts';
import { courseWithBatches, multipartBody } from '../materials/test-fixtures.ts';
import { createStaffMember } from '../staff/test-fixtures.ts';

// Flashcards (docs/product-flashcards.md): who sees a deck, the card import and its dry run, the review
// scheduled by ts-fsrs and the due list it changes, and whose cards a student may review.

let t: TestApp;
let adminToken: string;
let batchA: string;
let batchB: string;
const unknownId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.tokenFor('admin@test.local', 'Admin-Password-1');
  ({ batchA, batchB } = await courseWithBatches(t));
}, 60_000);
afterAll(() => t?.close());

const deck = async (body: Record<string, unknown>, client = t.admin) => {
  const res = await client.post('/api/flashcards/decks', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Deck;
};

function upload(deckId: string, csv: string, query = '', filename = 'cards.csv') {
  const { payload, contentType } = multipartBody([{ name: 'file', filename, data: Buffer.from(csv), contentType: 'text/csv' }]);
  return t.inject({
    method: 'POST',
    url: `/api/flashcards/decks/${deckId}/import${query}`,
    payload,
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': contentType },
  });
}

const due = async (client: { get: (u: string) => Promise<{ statusCode: number; body: string; json: () => unknown }> }) => {
  const res = await client.get('/api/flashcards/due');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DueResponse;
};

describe('decks and who sees them', () => {
  it('a student sees the published decks of their batch and those open to all, never a draft or another batch’s', async () => {
    const forA = await deck({ title: 'Batch A maxims', audience: { batches: [batchA] }, published: true });
    const forB = await deck({ title: 'Batch B maxims', audience: { batches: [batchB] }, published: true });
    const draft = await deck({ title: 'Draft for all', openToAll: true, published: false });
    const all = await deck({ title: 'Everyone', openToAll: true, published: true });
    const asha = await t.createStudent({ batchId: batchA });
    const res = await asha.client.get('/api/flashcards/decks');
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json() as Deck[]).map((d) => d._id);
    expect(ids).toContain(forA._id);
    expect(ids).toContain(all._id);
    expect(ids).not.toContain(forB._id);
    expect(ids).not.toContain(draft._id);

    // Unpublishing hides it; the staff list shows every staff deck.
    expect((await t.admin.patch(`/api/flashcards/decks/${forA._id}`, { published: false })).statusCode).toBe(200);
    const after = (await asha.client.get('/api/flashcards/decks')).json() as Deck[];
    expect(after.map((d) => d._id)).not.toContain(forA._id);
    const staff = (await t.admin.get('/api/flashcards/decks')).json() as Deck[];
    expect(staff.map((d) => d._id)).toEqual(expect.arrayContaining([forA._id, forB._id, draft._id, all._id]));
  });

  it('faculty may create a deck; a student, an accountant and a parent-less visitor may not', async () => {
    const faculty = await createStaffMember(t, 'faculty');
    await deck({ title: 'Faculty deck', openToAll: true, published: false }, faculty.client);
    const s = await t.createStudent();
    expect((await s.client.post('/api/flashcards/decks', { title: 'Mine', openToAll: true, published: true })).statusCode).toBe(403);
    const accountant = await createStaffMember(t, 'accountant');
    expect((await accountant.client.get('/api/flashcards/decks')).statusCode).toBe(403);
    expect((await t.visitor.get('/api/flashcards/decks')).statusCode).toBe(401);
  });

  it('refuses a deck without an audience, or with an unknown batch, with field messages', async () => {
    const none = await t.admin.post('/api/flashcards/decks', { title: 'Nobody', published: true });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toMatchObject({ audience: FLASHCARD_MSG.audienceRequired });
    const unknown = await t.admin.post('/api/flashcards/decks', { title: 'Ghost', audience: { batches: [unknownId] }, published: true });
    expect(unknown.statusCode).toBe(400);
    const blank = await t.admin.post('/api/flashcards/decks', { title: ' ', openToAll: true, published: true });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toHaveProperty('title');
  });

  it('deletes a deck only with confirm=true', async () => {
    const d = await deck({ title: 'To delete', openToAll: true, published: false });
    expect((await t.admin.delete(`/api/flashcards/decks/${d._id}`)).statusCode).toBe(400);
    expect((await t.admin.delete(`/api/flashcards/decks/${d._id}?confirm=true`)).statusCode).toBe(200);
    expect((await t.admin.get(`/api/flashcards/decks/${d._id}/cards`)).statusCode).toBe(404);
  });
});

describe('POST /api/flashcards/decks/:id/import', () => {
  const CSV = [
    'front,back,example,tags',
    'Audi alteram partem,Hear the other side,Natural justice,"maxims, natural justice"',
    ',No front,,',
    'Caveat emptor,Let the buyer beware,,maxims',
    'audi  alteram partem,Duplicate,,',
  ].join('\r\n');

  it('a dry run names each bad row and adds nothing; the import adds the good rows', async () => {
    const d = await deck({ title: 'Imported', openToAll: true, published: true });
    const dry = await upload(d._id, CSV, '?dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    const body = dry.json() as FlashcardImportResult;
    expect(body).toMatchObject({ dryRun: true, ok: 2, errors: 2, imported: 0 });
    expect(body.rows.map((r) => [r.row, r.status])).toEqual([
      [2, 'ok'],
      [3, 'error'],
      [4, 'ok'],
      [5, 'error'],
    ]);
    expect(body.rows[3]?.message).toBe(FLASHCARD_MSG.duplicate(2));
    expect((await t.admin.get(`/api/flashcards/decks/${d._id}/cards`)).json()).toEqual([]);

    const real = await upload(d._id, CSV);
    expect(real.json()).toMatchObject({ dryRun: false, imported: 2 });
    const cards = (await t.admin.get(`/api/flashcards/decks/${d._id}/cards`)).json() as { front: string; tags: string[] }[];
    expect(cards.map((c) => c.front)).toEqual(['Audi alteram partem', 'Caveat emptor']);
    expect(cards[0]?.tags).toEqual(['maxims', 'natural justice']);
    // Again: the deck has them now.
    expect((await upload(d._id, CSV, '?dryRun=true')).json()).toMatchObject({ ok: 0 });
  });

  it('refuses a file without the columns, of another type, or too large, with 400/413 naming the file', async () => {
    const d = await deck({ title: 'Bad files', openToAll: true, published: false });
    const noCols = await upload(d._id, 'question,answer\r\na,b');
    expect(noCols.statusCode).toBe(400);
    expect(noCols.json().fields).toHaveProperty('file');
    expect((await upload(d._id, 'front,back\r\na,b', '', 'cards.pdf')).statusCode).toBe(400);
    expect((await upload(d._id, 'front,back\r\n', '')).statusCode).toBe(400);
    const big = await upload(d._id, `front,back\r\n${'x,y\r\n'.repeat(600_000)}`);
    expect(big.statusCode).toBe(413);
    expect((await upload(unknownId, 'front,back\r\na,b')).statusCode).toBe(404);
  });
});

describe('review with ts-fsrs', () => {
  it('a new card is due today; rating it schedules the next due by FSRS and the due list changes', async () => {
    const d = await deck({ title: 'Review deck', audience: { batches: [batchB] }, published: true });
    await upload(d._id, 'front,back\r\nRes judicata,A matter already judged\r\nRes ipsa loquitur,The thing speaks for itself');
    const s = await t.createStudent({ batchId: batchB });
    const before = await due(s.client);
    const mine = before.cards.filter((c) => c.deckId === d._id);
    expect(mine).toHaveLength(2);
    const card = mine[0] as (typeof mine)[number];
    expect(card.state).toBe('new');
    expect(new Date(card.next.easy).getTime()).toBeGreaterThan(new Date(card.next.again).getTime());

    const res = await s.client.post(`/api/flashcards/${card._id}/review`, { rating: 'easy' });
    expect(res.statusCode, res.body).toBe(200);
    const reviewed = res.json() as { due: string; state: string; reps: number };
    expect(reviewed).toMatchObject({ cardId: card._id, state: 'review', reps: 1 });
    // The due date is the one the preview promised for "easy": days away, so not due today.
    expect(Math.abs(new Date(reviewed.due).getTime() - new Date(card.next.easy).getTime())).toBeLessThan(60_000);
    expect(new Date(reviewed.due).getTime() - Date.now()).toBeGreaterThan(2 * 86_400_000);
    const after = await due(s.client);
    expect(after.cards.map((c) => c._id)).not.toContain(card._id);
    expect(after.total).toBe(before.total - 1);

    // "again" keeps a card in learning, due within minutes: still due today.
    const other = mine[1] as (typeof mine)[number];
    const again = (await s.client.post(`/api/flashcards/${other._id}/review`, { rating: 'again' })).json() as {
      due: string;
      state: string;
    };
    expect(again.state).toBe('learning');
    expect(new Date(again.due).getTime() - Date.now()).toBeLessThan(15 * 60_000);
    expect((await due(s.client)).cards.map((c) => c._id)).toContain(other._id);
    const [row] = await t.ctx.db.select().from(flashcardProgress).where(eq(flashcardProgress.cardId, other._id));
    expect(row).toMatchObject({ studentId: s.id, state: 'learning', reps: 1 });
  });

  it('a student cannot review a card of a deck they cannot see, or another student’s own card: 404', async () => {
    const d = await deck({ title: 'Hidden', audience: { batches: [batchA] }, published: true });
    await upload(d._id, 'front,back\r\nPacta sunt servanda,Agreements must be kept');
    const [card] = (await t.admin.get(`/api/flashcards/decks/${d._id}/cards`)).json() as { _id: string }[];
    const outsider = await t.createStudent({ batchId: batchB });
    expect((await outsider.client.post(`/api/flashcards/${card?._id}/review`, { rating: 'good' })).statusCode).toBe(404);

    const owner = await t.createStudent();
    const added = await owner.client.post('/api/flashcards/mine', {
      front: 'Nemo dat quod non habet',
      back: 'No one gives what they do not have',
    });
    expect(added.statusCode, added.body).toBe(201);
    const ownCard = added.json() as { _id: string };
    expect((await outsider.client.post(`/api/flashcards/${ownCard._id}/review`, { rating: 'good' })).statusCode).toBe(404);
    expect((await owner.client.post(`/api/flashcards/${ownCard._id}/review`, { rating: 'good' })).statusCode).toBe(200);
    expect((await t.admin.post(`/api/flashcards/${ownCard._id}/review`, { rating: 'good' })).statusCode).toBe(403);
    expect((await owner.client.post(`/api/flashcards/${unknownId}/review`, { rating: 'good' })).statusCode).toBe(404);
  });

  it('refuses a rating outside the four, and a blank own card, with 400', async () => {
    const s = await t.createStudent();
    const bad = await s.client.post(`/api/flashcards/${unknownId}/review`, { rating: 'perfect' });
    expect(bad.statusCode).toBe(400);
    const blank = await s.client.post('/api/flashcards/mine', { front: '', back: 'x' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toHaveProperty('front');
  });
});
