import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponse } from '@app/common/schemas/auth';
import {
  cardBody,
  cardListResponse,
  cardSchema,
  deckBody,
  deckListResponse,
  deckPatchBody,
  deckSchema,
  deleteDeckQuery,
  dueResponse,
  FLASHCARD_IMPORT_MAX_BYTES,
  FLASHCARD_MSG,
  importQuery,
  importResponse,
  reviewBody,
  reviewResponse,
} from '@app/common/schemas/flashcards';
import { can } from '@app/common/permissions';
import { AppError } from '../../lib/errors.ts';
import { idParams } from '../../lib/route-schemas.ts';
import { readUploadedFile } from '../../lib/uploaded-file.ts';
import { actorOf, requirePermission, requireStudent, requireUser, scopeOf } from '../../plugins/auth.ts';
import { importCards, readFlashcardUpload } from './import.ts';
import {
  addMyCard,
  createDeck,
  deleteCard,
  deleteDeck,
  dueCards,
  listCards,
  listDecksForStaff,
  listDecksForStudent,
  reviewCard,
  updateDeck,
} from './service.ts';

// Flashcards (docs/product-flashcards.md). Thin: parse, guard, call the service. Staff decks need
// `flashcards.manage`; a student's routes read only their own progress (lib/record-scope.ts, ownStudentId).

const tags = ['flashcards'];
const manage = requirePermission('flashcards.manage');
const cardParams = z.object({ cardId: z.uuid({ error: 'Not found' }) });
const deckCardParams = z.object({ id: z.uuid({ error: 'Not found' }), cardId: z.uuid({ error: 'Not found' }) });

/** /api/flashcards */
export const flashcardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // The upload is bounded before anything is parsed: a larger file is refused while it streams in.
  await app.register(multipart, { limits: { fileSize: FLASHCARD_IMPORT_MAX_BYTES, files: 1, fields: 5 } });

  // Staff see every staff deck; a student the published ones for them and their own, with today's counts.
  app.get('/decks', { onRequest: requireUser, schema: { tags, response: { 200: deckListResponse } } }, async (req) => {
    const actor = actorOf(req);
    if (actor.role === 'student') return listDecksForStudent(ctx, scopeOf(req));
    if (!can(actor.role, 'flashcards.manage')) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
    return listDecksForStaff(ctx);
  });

  app.post('/decks', { onRequest: manage, schema: { tags, body: deckBody, response: { 201: deckSchema } } }, async (req, reply) =>
    reply.status(201).send(await createDeck(ctx, actorOf(req), req.body)),
  );

  app.patch(
    '/decks/:id',
    { onRequest: manage, schema: { tags, params: idParams, body: deckPatchBody, response: { 200: deckSchema } } },
    async (req) => updateDeck(ctx, req.params.id, req.body),
  );

  app.delete(
    '/decks/:id',
    { onRequest: manage, schema: { tags, params: idParams, querystring: deleteDeckQuery, response: { 200: messageResponse } } },
    async (req) => deleteDeck(ctx, req.params.id),
  );

  app.get('/decks/:id/cards', { onRequest: manage, schema: { tags, params: idParams, response: { 200: cardListResponse } } }, async (req) =>
    listCards(ctx, req.params.id),
  );

  app.delete(
    '/decks/:id/cards/:cardId',
    { onRequest: manage, schema: { tags, params: deckCardParams, response: { 200: messageResponse } } },
    async (req) => deleteCard(ctx, req.params.id, req.params.cardId),
  );

  app.post(
    '/decks/:id/import',
    {
      onRequest: manage,
      schema: { tags, consumes: ['multipart/form-data'], params: idParams, querystring: importQuery, response: { 200: importResponse } },
    },
    async (req) => {
      const { data, filename } = await readUploadedFile(req, {
        notMultipart: FLASHCARD_MSG.noFile,
        missing: FLASHCARD_MSG.noFile,
        tooLarge: new AppError('PAYLOAD_TOO_LARGE', FLASHCARD_MSG.tooLarge, { file: FLASHCARD_MSG.tooLarge }),
      });
      const rows = await readFlashcardUpload(ctx, data, filename);
      return importCards(ctx, req.params.id, rows, req.query.dryRun);
    },
  );

  app.get('/due', { onRequest: requireStudent, schema: { tags, response: { 200: dueResponse } } }, async (req) =>
    dueCards(ctx, scopeOf(req)),
  );

  app.post('/mine', { onRequest: requireStudent, schema: { tags, body: cardBody, response: { 201: cardSchema } } }, async (req, reply) =>
    reply.status(201).send(await addMyCard(ctx, scopeOf(req), req.body)),
  );

  app.post(
    '/:cardId/review',
    { onRequest: requireStudent, schema: { tags, params: cardParams, body: reviewBody, response: { 200: reviewResponse } } },
    async (req) => reviewCard(ctx, scopeOf(req), req.params.cardId, req.body.rating),
  );
};
