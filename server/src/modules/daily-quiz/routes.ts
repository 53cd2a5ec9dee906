import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dailyQuizCreateBody,
  dailyQuizDeleteResponse,
  dailyQuizIdParams,
  dailyQuizListQuery,
  dailyQuizListResponse,
  dailyQuizResult,
  dailyQuizStaff,
  dailyQuizSubmitBody,
  dailyQuizToday,
  dailyQuizUpdateBody,
  leaderboardQuery,
  leaderboardResponse,
  streakResponse,
} from '@app/common/schemas/daily-quiz';
import { ownStudentId } from '../../lib/record-scope.ts';
import { actorOf, requirePermission, requireStudent, scopeOf } from '../../plugins/auth.ts';
import { createQuiz, deleteQuiz, findLeaderboard, findStreak, findToday, listQuizzes, submitQuiz, updateQuiz } from './service.ts';

// The daily quiz (docs/product-daily-quiz.md). Thin: parse, guard, call the service. Staff with
// `dailyQuiz.manage` make the quizzes; a student reads and takes their own day's quiz (their own records,
// through the record-scope layer; a parent's token is refused by the student guard).

const tags = ['daily-quiz'];
const guard = requirePermission('dailyQuiz.manage');

/** /api/daily-quizzes */
export const dailyQuizRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post('/', { onRequest: guard, schema: { tags, body: dailyQuizCreateBody, response: { 201: dailyQuizStaff } } }, async (req, reply) =>
    reply.code(201).send(await createQuiz(ctx, req.body, actorOf(req).id)),
  );
  app.get(
    '/',
    { onRequest: guard, schema: { tags, querystring: dailyQuizListQuery, response: { 200: dailyQuizListResponse } } },
    async (req) => listQuizzes(ctx, req.query),
  );
  app.patch(
    '/:id',
    { onRequest: guard, schema: { tags, params: dailyQuizIdParams, body: dailyQuizUpdateBody, response: { 200: dailyQuizStaff } } },
    async (req) => updateQuiz(ctx, req.params.id, req.body),
  );
  app.delete(
    '/:id',
    { onRequest: guard, schema: { tags, params: dailyQuizIdParams, response: { 200: dailyQuizDeleteResponse } } },
    async (req) => deleteQuiz(ctx, req.params.id),
  );

  app.get('/today', { onRequest: requireStudent, schema: { tags, response: { 200: dailyQuizToday } } }, async (req) =>
    findToday(ctx, ownStudentId(scopeOf(req)), new Date()),
  );
  app.post(
    '/:id/submit',
    {
      onRequest: requireStudent,
      schema: { tags, params: dailyQuizIdParams, body: dailyQuizSubmitBody, response: { 200: dailyQuizResult } },
    },
    async (req) => submitQuiz(ctx, ownStudentId(scopeOf(req)), req.params.id, req.body, new Date()),
  );
  app.get('/streak', { onRequest: requireStudent, schema: { tags, response: { 200: streakResponse } } }, async (req) =>
    findStreak(ctx, ownStudentId(scopeOf(req)), new Date()),
  );
  app.get(
    '/leaderboard',
    { onRequest: requireStudent, schema: { tags, querystring: leaderboardQuery, response: { 200: leaderboardResponse } } },
    async (req) => findLeaderboard(ctx, ownStudentId(scopeOf(req)), req.query, new Date()),
  );
};
