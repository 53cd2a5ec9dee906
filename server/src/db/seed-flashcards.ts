import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from './client.ts';
import { flashcardDecks, flashcards } from './schema.ts';

// The demo's flashcard deck (docs/product-flashcards.md): real Latin legal maxims and their meanings, as
// taught for CLAT's legal reasoning, published to everyone. Added once, by its title, whatever runs again.

export const SAMPLE_DECK_TITLE = 'Legal maxims (sample deck)';

export const LEGAL_MAXIMS: { front: string; back: string; example: string }[] = [
  {
    front: 'Audi alteram partem',
    back: 'Hear the other side',
    example: 'No one may be condemned without being given a hearing: a rule of natural justice.',
  },
  {
    front: 'Nemo judex in causa sua',
    back: 'No one should be a judge in their own cause',
    example: 'A judge who holds shares in a party company must step aside.',
  },
  {
    front: 'Actus non facit reum nisi mens sit rea',
    back: 'An act does not make one guilty unless the mind is also guilty',
    example: 'Criminal liability generally needs both the act and the guilty intention.',
  },
  {
    front: 'Ignorantia juris non excusat',
    back: 'Ignorance of the law is no excuse',
    example: 'Not knowing that an act is an offence is no defence to it.',
  },
  {
    front: 'Res ipsa loquitur',
    back: 'The thing speaks for itself',
    example: 'A swab left inside a patient after surgery shows negligence without further proof.',
  },
  {
    front: 'Volenti non fit injuria',
    back: 'To one who consents, no injury is done',
    example: 'A spectator hit by a ball at a cricket match cannot usually sue the club.',
  },
  {
    front: 'Ubi jus ibi remedium',
    back: 'Where there is a right, there is a remedy',
    example: 'Ashby v White: a voter wrongly refused a vote could sue though no loss followed.',
  },
  {
    front: 'Damnum sine injuria',
    back: 'Damage without legal injury',
    example: 'A rival school opening nearby and taking pupils gives no action, though it causes loss.',
  },
  {
    front: 'Injuria sine damno',
    back: 'Legal injury without damage',
    example: 'A violation of a legal right is actionable even when no loss is suffered.',
  },
  {
    front: 'Caveat emptor',
    back: 'Let the buyer beware',
    example: 'A buyer must examine goods before buying, subject to the seller’s implied conditions.',
  },
  {
    front: 'Nemo dat quod non habet',
    back: 'No one gives what they do not have',
    example: 'A buyer from a thief gets no better title than the thief had.',
  },
  {
    front: 'Ex turpi causa non oritur actio',
    back: 'No action arises from a base cause',
    example: 'A court will not enforce a contract to commit a crime.',
  },
  {
    front: 'Res judicata',
    back: 'A matter already judged',
    example: 'A case finally decided between the same parties cannot be brought again.',
  },
  {
    front: 'Qui facit per alium facit per se',
    back: 'One who acts through another acts himself',
    example: 'An employer is liable for the wrongs an employee commits in the course of employment.',
  },
  { front: 'Pacta sunt servanda', back: 'Agreements must be kept', example: 'The basis of the law of contracts and of treaties.' },
  {
    front: 'Salus populi suprema lex',
    back: 'The welfare of the people is the supreme law',
    example: 'Cited to justify measures taken for public health and safety.',
  },
];

export async function seedSampleFlashcards(db: Db) {
  const [existing] = await db
    .select({ id: flashcardDecks.id })
    .from(flashcardDecks)
    .where(and(eq(flashcardDecks.title, SAMPLE_DECK_TITLE), isNull(flashcardDecks.ownerId)));
  if (existing) return;
  const [deck] = await db
    .insert(flashcardDecks)
    .values({
      title: SAMPLE_DECK_TITLE,
      description: 'Latin maxims every law aspirant meets in legal reasoning passages, with their meanings.',
      openToAll: true,
      published: true,
    })
    .returning({ id: flashcardDecks.id });
  await db
    .insert(flashcards)
    .values(LEGAL_MAXIMS.map((m, position) => ({ deckId: (deck as { id: string }).id, ...m, position, tags: ['maxims'] })));
}
