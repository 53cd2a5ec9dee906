import type { Deck, FlashcardImportResult } from '@app/common/schemas/flashcards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useBatches } from '../../api/batches.ts';
import { useActiveCourses } from '../../api/courses.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { Badge } from '../../components/badge.tsx';
import { buttonClass, Field, FormAlert } from '../../components/field.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useConfirmDelete } from '../../components/use-confirm-delete.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { uploadCards, useDeckCards, useDecks, useDeleteDeck, useSaveDeck } from './api/flashcards.ts';

// /admin/flashcards (docs/product-flashcards.md): faculty's decks, each for everyone or for courses and
// batches, published or not; cards imported from a CSV or Excel file, checked first (dry run), then added.

function NewDeck() {
  const save = useSaveDeck();
  const courses = useActiveCourses();
  const batches = useBatches({ status: 'active' });
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [openToAll, setOpenToAll] = useState(true);
  const [chosenCourses, setChosenCourses] = useState<string[]>([]);
  const [chosenBatches, setChosenBatches] = useState<string[]>([]);
  const error = save.error instanceof ApiError ? save.error : null;
  const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);
  return (
    <form
      className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          {
            body: {
              title,
              description,
              openToAll,
              audience: { courses: openToAll ? [] : chosenCourses, batches: openToAll ? [] : chosenBatches, centres: [] },
              published: false,
            },
          },
          {
            onSuccess: () => {
              toast.success('Deck created (unpublished): import its cards, then publish it');
              setTitle('');
              setDescription('');
            },
          },
        );
      }}
    >
      <h2 className="text-lg font-semibold text-slate-800">New deck</h2>
      <Field label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={error?.fields?.title} required maxLength={200} />
      <Field label="Description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />
      <label className="inline-flex items-center gap-2 text-sm">
        <input type="checkbox" checked={openToAll} onChange={(e) => setOpenToAll(e.target.checked)} /> For every student
      </label>
      {!openToAll && (
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="font-medium text-slate-700">Courses and batches that see it</legend>
          <div className="flex flex-wrap gap-3">
            {(courses.data ?? []).map((c) => (
              <label key={c._id} className="inline-flex items-center gap-1">
                <input type="checkbox" checked={chosenCourses.includes(c._id)} onChange={() => setChosenCourses((l) => toggle(l, c._id))} />{' '}
                {c.name}
              </label>
            ))}
            {(batches.data ?? []).map((b) => (
              <label key={b._id} className="inline-flex items-center gap-1">
                <input type="checkbox" checked={chosenBatches.includes(b._id)} onChange={() => setChosenBatches((l) => toggle(l, b._id))} />{' '}
                {b.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {save.error && <FormAlert>{errorMessage(save.error, 'Could not create the deck.')}</FormAlert>}
      <div>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? 'Creating...' : 'Create deck'}
        </button>
      </div>
    </form>
  );
}

function ImportCards({ deck }: { deck: Deck }) {
  const inputId = useId();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<FlashcardImportResult | null>(null);
  const dryRun = useMutation({ mutationFn: (f: File) => uploadCards(deck._id, f, true), onSuccess: setChecked });
  const run = useMutation({
    mutationFn: (f: File) => uploadCards(deck._id, f, false),
    onSuccess: (r) => {
      toast.success(`${r.imported} card${r.imported === 1 ? '' : 's'} added`);
      setChecked(null);
      return qc.invalidateQueries({ queryKey: ['flashcards'] });
    },
  });
  const error = dryRun.error ?? run.error;
  return (
    <div className="mt-3 flex flex-col gap-2 border-t border-slate-100 pt-3 text-sm">
      <p className="text-slate-700">
        Import a CSV or Excel (.xlsx) file with the columns <code>front, back, example, tags</code> (tags separated by commas).
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          Card file for {deck.title}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.xlsx,text/csv"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setChecked(null);
            dryRun.reset();
            run.reset();
          }}
        />
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={!file || dryRun.isPending}
          onClick={() => file && dryRun.mutate(file)}
        >
          {dryRun.isPending ? 'Checking...' : 'Check file'}
        </button>
        <button
          type="button"
          className={buttonClass.primary}
          disabled={!file || !checked || checked.ok === 0 || run.isPending}
          onClick={() => file && run.mutate(file)}
        >
          <Upload aria-hidden="true" className="h-4 w-4" /> {run.isPending ? 'Importing...' : `Add ${checked?.ok ?? ''} cards`}
        </button>
      </div>
      {error && (
        <FormAlert>
          {error instanceof ApiError && error.fields?.file ? error.fields.file : errorMessage(error, 'Could not read the file.')}
        </FormAlert>
      )}
      {checked && (
        <div aria-live="polite">
          <p className="font-medium">
            {checked.ok} card{checked.ok === 1 ? '' : 's'} ready, {checked.errors} with an error (rows with an error are left out).
          </p>
          <ul className="mt-1 max-h-60 overflow-auto">
            {checked.rows.map((r) => (
              <li key={r.row} className="flex gap-2 py-0.5">
                <Badge tone={r.status === 'ok' ? 'green' : 'red'}>Row {r.row}</Badge>
                <span className="min-w-0 break-words">
                  {r.front} · {r.message}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function DeckItem({ deck, onDelete }: { deck: Deck; onDelete: () => void }) {
  const save = useSaveDeck();
  const [open, setOpen] = useState(false);
  const cards = useDeckCards(open ? deck._id : null);
  const who = deck.openToAll
    ? 'Every student'
    : [...deck.audience.courses, ...deck.audience.batches, ...deck.audience.centres].map((a) => a.name).join(', ') || 'Nobody';
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-slate-900">{deck.title}</h3>
          <p className="text-sm text-slate-600">
            {deck.cards} card{deck.cards === 1 ? '' : 's'} · {who}
          </p>
        </div>
        <Badge tone={deck.published ? 'green' : 'slate'}>{deck.published ? 'Published' : 'Draft'}</Badge>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={save.isPending}
          onClick={() =>
            save.mutate(
              { id: deck._id, body: { published: !deck.published } },
              { onError: (err) => toast.error(errorMessage(err, 'Could not change the deck.')) },
            )
          }
        >
          {deck.published ? 'Unpublish' : 'Publish'}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Hide cards' : 'Cards and import'}
        </button>
        <button type="button" className={buttonClass.danger} onClick={onDelete}>
          <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete
        </button>
      </div>
      {open && (
        <>
          <ImportCards deck={deck} />
          <ul className="mt-3 flex flex-col gap-1 text-sm" aria-label={`Cards of ${deck.title}`}>
            {(cards.data ?? []).map((c) => (
              <li key={c._id} className="break-words">
                <span className="font-medium">{c.front}</span> — {c.back}
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
}

/** /admin/flashcards */
export default function AdminFlashcardsPage() {
  const decks = useDecks();
  const remove = useDeleteDeck();
  const confirm = useConfirmDelete<Deck, { message: string }>({
    mutation: remove,
    idOf: (d) => d._id,
    title: 'Delete this deck?',
    message: (d) => `“${d.title}” and its ${d.cards} cards are deleted, with every student’s progress on them.`,
    deleted: 'Deck deleted',
    failed: 'Could not delete the deck.',
    closeOnError: true,
  });
  return (
    <AdminPage title="Flashcards">
      <NewDeck />
      <QueryState
        query={decks}
        loadingText="Loading decks..."
        errorText={(e) => errorMessage(e, 'Could not load the decks.')}
        isEmpty={(rows) => rows.length === 0}
        empty="No decks yet"
        emptyHint="Create a deck above, then import its cards."
      >
        {(rows) => (
          <ul className="flex flex-col gap-3" aria-label="Decks">
            {rows.map((d) => (
              <DeckItem key={d._id} deck={d} onDelete={() => confirm.ask(d)} />
            ))}
          </ul>
        )}
      </QueryState>
      {confirm.dialog}
    </AdminPage>
  );
}
