import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponse } from '@app/common/schemas/auth';
import {
  attendanceBody,
  attendanceReportQuery,
  attendanceReportResponse,
  batchBody,
  batchListQuery,
  batchListResponse,
  batchOneResponse,
  batchPatchBody,
  calendarTokenResponse,
  createSessionsResponse,
  isoDate,
  sessionAttendanceResponse,
  sessionBody,
  sessionListQuery,
  sessionListResponse,
  sessionPatchBody,
  sessionUpdateResponse,
  studentAttendanceResponse,
  studentWeekResponse,
  teacherListResponse,
} from '@app/common/schemas/batches';
import { idParams } from '../../lib/route-schemas.ts';
import { assertBatch, assertSession, batchFilter, mayUseCentre, type Scope, sessionFilter } from '../../lib/record-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import { actorOf, requirePermission, requireStudent, scopeOf } from '../../plugins/auth.ts';
import { attendanceReportCsv, findAttendanceReport, findSessionAttendance, findStudentAttendance, markAttendance } from './attendance.ts';
import { findCalendarUrl, renderCalendarFeed, replaceCalendarToken } from './calendar.ts';
import { findTeachers } from './teachers.ts';
import { createBatch, deleteBatch, findBatch, findBatches, updateBatch } from './service.ts';
import { createSessions, deleteSession, findBatchSessions, findDaySessions, findStudentWeek, updateSession } from './sessions.ts';

const tags = ['batches'];

/** A centre manager creates and moves batches only into their own centres (docs/product-staff.md). */
function assertBatchCentre(scope: Scope, centreId: string | undefined) {
  if (centreId === undefined || mayUseCentre(scope, centreId)) return;
  throw badRequest('You can only manage batches of your own centres', { centre: 'Not one of your centres' });
}

/** /api/batches: the admin's batches and their timetables. */
const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/',
    { onRequest: requirePermission('batches.view'), schema: { tags, querystring: batchListQuery, response: { 200: batchListResponse } } },
    async (req) => ({
      batches: await findBatches(ctx, req.query, batchFilter(scopeOf(req))),
    }),
  );
  app.post(
    '/',
    { onRequest: requirePermission('batches.manage'), schema: { tags, body: batchBody, response: { 201: batchOneResponse } } },
    async (req, reply) => {
      assertBatchCentre(scopeOf(req), req.body.centre);
      return reply.status(201).send(await createBatch(ctx, actorOf(req), req.body));
    },
  );
  app.get(
    '/teachers',
    { onRequest: requirePermission('batches.manage'), schema: { tags, response: { 200: teacherListResponse } } },
    async () => ({ teachers: await findTeachers(ctx.db) }),
  );
  app.get(
    '/:id',
    { onRequest: requirePermission('batches.view'), schema: { tags, params: idParams, response: { 200: batchOneResponse } } },
    async (req) => assertBatch(ctx.db, scopeOf(req), req.params.id).then(() => findBatch(ctx.db, req.params.id)),
  );
  app.patch(
    '/:id',
    {
      onRequest: requirePermission('batches.manage'),
      schema: { tags, params: idParams, body: batchPatchBody, response: { 200: batchOneResponse } },
    },
    async (req) => {
      await assertBatch(ctx.db, scopeOf(req), req.params.id);
      assertBatchCentre(scopeOf(req), req.body.centre);
      return updateBatch(ctx, actorOf(req), req.params.id, req.body);
    },
  );
  app.delete(
    '/:id',
    { onRequest: requirePermission('batches.manage'), schema: { tags, params: idParams, response: { 200: messageResponse } } },
    async (req) => assertBatch(ctx.db, scopeOf(req), req.params.id).then(() => deleteBatch(ctx, actorOf(req), req.params.id)),
  );
  app.get(
    '/:id/sessions',
    {
      onRequest: requirePermission('batches.view'),
      schema: { tags, params: idParams, querystring: sessionListQuery, response: { 200: sessionListResponse } },
    },
    async (req) => {
      await assertBatch(ctx.db, scopeOf(req), req.params.id);
      return { sessions: await findBatchSessions(ctx, req.params.id, req.query.from, req.query.to) };
    },
  );
  app.post(
    '/:id/sessions',
    {
      onRequest: requirePermission('batches.manage'),
      schema: { tags, params: idParams, body: sessionBody, response: { 201: createSessionsResponse } },
    },
    async (req, reply) => {
      await assertBatch(ctx.db, scopeOf(req), req.params.id);
      return reply.status(201).send(await createSessions(ctx, actorOf(req), scopeOf(req), req.params.id, req.body));
    },
  );
};

/** /api/sessions: one class session, its changes and its attendance (admin). */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/',
    {
      onRequest: requirePermission('attendance.mark'),
      schema: { tags, querystring: z.object({ date: isoDate('Date') }), response: { 200: sessionListResponse } },
    },
    async (req) => ({ sessions: await findDaySessions(ctx, req.query.date, sessionFilter(scopeOf(req))) }),
  );
  app.patch(
    '/:id',
    {
      onRequest: requirePermission('batches.manage'),
      schema: { tags, params: idParams, body: sessionPatchBody, response: { 200: sessionUpdateResponse } },
    },
    async (req) => {
      await assertSession(ctx.db, scopeOf(req), req.params.id);
      return updateSession(ctx, actorOf(req), scopeOf(req), req.params.id, req.body);
    },
  );
  app.delete(
    '/:id',
    { onRequest: requirePermission('batches.manage'), schema: { tags, params: idParams, response: { 200: messageResponse } } },
    async (req) => assertSession(ctx.db, scopeOf(req), req.params.id).then(() => deleteSession(ctx, actorOf(req), req.params.id)),
  );
  app.get(
    '/:id/attendance',
    { onRequest: requirePermission('attendance.mark'), schema: { tags, params: idParams, response: { 200: sessionAttendanceResponse } } },
    async (req) => {
      await assertSession(ctx.db, scopeOf(req), req.params.id);
      return findSessionAttendance(ctx, req.params.id);
    },
  );
  app.put(
    '/:id/attendance',
    {
      onRequest: requirePermission('attendance.mark'),
      schema: { tags, params: idParams, body: attendanceBody, response: { 200: sessionAttendanceResponse } },
    },
    async (req) => {
      await assertSession(ctx.db, scopeOf(req), req.params.id);
      return markAttendance(ctx, actorOf(req), req.params.id, req.body.absent);
    },
  );
};

/** /api/attendance: a student's own, and the admin's report of a batch (JSON or CSV). */
const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get('/student', { onRequest: requireStudent, schema: { tags, response: { 200: studentAttendanceResponse } } }, async (req) =>
    findStudentAttendance(ctx, scopeOf(req)),
  );
  app.get(
    '/',
    {
      onRequest: requirePermission('attendance.mark'),
      schema: { tags, querystring: attendanceReportQuery, response: { 200: z.union([attendanceReportResponse, z.string()]) } },
    },
    async (req, reply) => {
      const { batch, from, to, format } = req.query;
      await assertBatch(ctx.db, scopeOf(req), batch);
      const report = await findAttendanceReport(ctx, batch, from, to);
      if (format !== 'csv') return report;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="attendance.csv"')
        .header('cache-control', 'no-store')
        .send(attendanceReportCsv(report));
    },
  );
};

/** /api/timetable: the signed-in student's classes this week. */
const timetableRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/student', { onRequest: requireStudent, schema: { tags, response: { 200: studentWeekResponse } } }, async (req) =>
    findStudentWeek(app.ctx, scopeOf(req)),
  );
};

const feedParams = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{20,64}\.ics$/, 'Calendar not found') });

/** /api/calendar: the student's secret feed address, and the feed itself (the token is the key). */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get('/token', { onRequest: requireStudent, schema: { tags, response: { 200: calendarTokenResponse } } }, async (req) =>
    findCalendarUrl(ctx, scopeOf(req)),
  );
  app.post('/token', { onRequest: requireStudent, schema: { tags, response: { 200: calendarTokenResponse } } }, async (req) =>
    replaceCalendarToken(ctx, scopeOf(req)),
  );
  app.get('/:file', { schema: { tags, params: feedParams } }, async (req, reply) => {
    const ics = await renderCalendarFeed(ctx, req.params.file.slice(0, -'.ics'.length));
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="classes.ics"')
      .header('cache-control', 'no-store')
      .send(ics);
  });
};

/** Every route of the batches domain, each under its own prefix of /api. */
export const batchModuleRoutes: FastifyPluginAsyncZod = async (api) => {
  await api.register(batchRoutes, { prefix: '/batches' });
  await api.register(sessionRoutes, { prefix: '/sessions' });
  await api.register(attendanceRoutes, { prefix: '/attendance' });
  await api.register(timetableRoutes, { prefix: '/timetable' });
  await api.register(calendarRoutes, { prefix: '/calendar' });
};
