import { admitStudent, createBatch, stamp } from './builders.ts';
import { ADMIN, apiToken, bearer, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Flashcards (docs/product-flashcards.md): faculty publish a deck for a batch (set up through the API,
// the import included); its student, on a phone, opens Flashcards, reviews 5 cards (space flips, 1 to 4
// rate, or the buttons showing the next interval), and the deck's due count drops by the 5 rated Easy.

test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 390, height: 844 };

test('a student on a phone reviews 5 flashcards with the keyboard and the buttons', async ({ page }) => {
  const id = stamp();
  const title = `Maxims E2E ${id}`;
  const admin = await apiToken(page.request, ADMIN.email, ADMIN.password);
  const batch = await createBatch(page.request, admin, { name: `CLAT E2E ${id} Flashcards` });
  const asha = await admitStudent(page.request, { name: `Asha Flashcards ${id}`, batch: batch._id }, admin);
  const created = await page.request.post('/api/flashcards/decks', {
    headers: bearer(admin),
    data: { title, audience: { batches: [batch._id] }, published: false },
  });
  expect(created.status()).toBe(201);
  const deck = (await created.json()) as { _id: string };
  const csv = [
    'front,back,example,tags',
    `Audi alteram partem ${id},Hear the other side,,maxims`,
    `Nemo judex in causa sua ${id},No one should be a judge in their own cause,,maxims`,
    `Res ipsa loquitur ${id},The thing speaks for itself,,maxims`,
    `Caveat emptor ${id},Let the buyer beware,,maxims`,
    `Ubi jus ibi remedium ${id},Where there is a right there is a remedy,,maxims`,
    `Pacta sunt servanda ${id},Agreements must be kept,,maxims`,
  ].join('\n');
  const imported = await page.request.post(`/api/flashcards/decks/${deck._id}/import`, {
    headers: bearer(admin),
    multipart: { file: { name: 'cards.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  expect((await imported.json()).imported).toBe(6);
  expect(
    (await page.request.patch(`/api/flashcards/decks/${deck._id}`, { headers: bearer(admin), data: { published: true } })).status(),
  ).toBe(200);
  await page.request.post('/api/auth/logout', { headers: bearer(admin) });

  await signIn(page, asha.email, asha.password);
  await page.setViewportSize(PHONE);
  await page.goto('/student/flashcards');
  await expect(page.getByRole('heading', { name: 'Flashcards', level: 1 })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('6 cards · 6 due today');
  const start = page.getByRole('button', { name: /^Review due cards \(\d+\)$/ });
  const before = Number((await start.textContent())?.match(/\((\d+)\)/)?.[1]);
  expect(before).toBeGreaterThanOrEqual(6);
  await expectAccessible(page);
  await start.click();

  const card = page.getByTestId('flashcard');
  for (let i = 0; i < 5; i++) {
    await expect(page.getByText(new RegExp(`^Card ${i + 1} of `))).toBeVisible();
    await expect(page.getByTestId('flashcard-back')).toBeHidden();
    if (i % 2 === 0) {
      // The keyboard: space shows the back, 4 rates it Easy.
      await page.keyboard.press('Space');
      await expect(page.getByTestId('flashcard-back')).toBeVisible();
      if (i === 0) {
        await expect(page.getByRole('button', { name: /^Again \(1\)/ })).toContainText('min');
        await expect(page.getByRole('button', { name: /^Easy \(4\)/ })).toContainText('days');
        await expectAccessible(page);
        await page.screenshot({ path: 'test-results/flashcards-review-390.png', fullPage: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }
      await page.keyboard.press('4');
    } else {
      await card.click();
      await page.getByRole('button', { name: /^Easy \(4\)/ }).click();
    }
  }
  await expect(page.getByText(/^Card 6 of /)).toBeVisible();
  await page.getByRole('button', { name: 'Finish for now' }).click();
  await expect(page.getByRole('button', { name: `Review due cards (${before - 5})` })).toBeVisible();
});
