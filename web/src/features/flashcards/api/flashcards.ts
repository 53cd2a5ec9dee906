import type {
  Card,
  Deck,
  DeckBody,
  DueResponse,
  FlashcardImportResult,
  FlashcardRating,
  ReviewResult,
} from '@app/common/schemas/flashcards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The flashcards' calls (/api/flashcards, docs/product-flashcards.md). Every key starts with 'flashcards':
// a review refreshes the due list and the deck counts, a deck change the staff list.

export const useDecks = () =>
  useQuery({ queryKey: ['flashcards', 'decks'], queryFn: ({ signal }) => api<Deck[]>('/api/flashcards/decks', { signal }) });

/** GET /api/flashcards/due: read once per session; the review screen works through its list. */
export const useDueCards = (enabled = true) =>
  useQuery({
    queryKey: ['flashcards', 'due'],
    queryFn: ({ signal }) => api<DueResponse>('/api/flashcards/due', { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useReview = () =>
  useMutation({
    mutationFn: ({ cardId, rating }: { cardId: string; rating: FlashcardRating }) =>
      api<ReviewResult>(`/api/flashcards/${cardId}/review`, { method: 'POST', body: { rating } }),
  });

export const useAddMyCard = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { front: string; back: string; example?: string }) => api<Card>('/api/flashcards/mine', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['flashcards'] }),
  });
};

export const useDeckCards = (deckId: string | null) =>
  useQuery({
    queryKey: ['flashcards', 'cards', deckId],
    queryFn: ({ signal }) => api<Card[]>(`/api/flashcards/decks/${deckId}/cards`, { signal }),
    enabled: deckId !== null,
  });

export const useSaveDeck = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Partial<DeckBody> }) =>
      id
        ? api<Deck>(`/api/flashcards/decks/${id}`, { method: 'PATCH', body })
        : api<Deck>('/api/flashcards/decks', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['flashcards'] }),
  });
};

export const useDeleteDeck = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/flashcards/decks/${id}?confirm=true`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['flashcards'] }),
  });
};

/** POST /api/flashcards/decks/:id/import: the file as multipart `file`; a dry run checks every row and changes nothing. */
export function uploadCards(deckId: string, file: File, dryRun: boolean): Promise<FlashcardImportResult> {
  const form = new FormData();
  form.append('file', file);
  return api<FlashcardImportResult>(`/api/flashcards/decks/${deckId}/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    body: form,
  });
}
