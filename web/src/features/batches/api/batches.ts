import type {
  AttendanceReport,
  Batch,
  BatchBody,
  BatchPatchBody,
  ClassSession,
  CreateSessionsResult,
  SessionAttendance,
  SessionBody,
  StudentAttendance,
  StudentWeek,
  TeacherOption,
} from '@app/common/schemas/batches';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const search = (params: Record<string, string | undefined>) => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) qs.set(k, v);
  const s = qs.toString();
  return s ? `?${s}` : '';
};

export { type BatchFilters, useBatches } from '../../../api/batches.ts';

/** The faculty members a class may name as its teacher (GET /api/batches/teachers). */
export const useTeachers = () =>
  useQuery({
    queryKey: ['batches', 'teachers'],
    queryFn: ({ signal }) => api<{ teachers: TeacherOption[] }>('/api/batches/teachers', { signal }),
    select: (r) => r.teachers,
  });

export const useBatch = (id: string) =>
  useQuery({ queryKey: ['batches', 'one', id], queryFn: ({ signal }) => api<Batch>(`/api/batches/${encodeURIComponent(id)}`, { signal }) });

function useRefresh() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: ['batches'] }), qc.invalidateQueries({ queryKey: ['students'] })]);
}

export function useSaveBatch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: BatchBody | BatchPatchBody }) =>
      id
        ? api<Batch>(`/api/batches/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : api<Batch>('/api/batches', { method: 'POST', body }),
    onSettled: refresh,
  });
}

export function useDeleteBatch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/batches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}

export const useBatchSessions = (id: string) =>
  useQuery({
    queryKey: ['batches', 'sessions', id],
    queryFn: ({ signal }) =>
      api<{ sessions: ClassSession[] }>(`/api/batches/${encodeURIComponent(id)}/sessions`, { signal }).then((r) => r.sessions),
  });

export function useCreateSessions(batchId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SessionBody) =>
      api<CreateSessionsResult>(`/api/batches/${encodeURIComponent(batchId)}/sessions`, { method: 'POST', body }),
    onSettled: refresh,
  });
}

export function useDeleteSession() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}

export const useDaySessions = (date: string) =>
  useQuery({
    queryKey: ['sessions', 'day', date],
    queryFn: ({ signal }) => api<{ sessions: ClassSession[] }>(`/api/sessions?date=${date}`, { signal }).then((r) => r.sessions),
  });

export const useSessionAttendance = (id: string) =>
  useQuery({
    queryKey: ['sessions', 'attendance', id],
    queryFn: ({ signal }) => api<SessionAttendance>(`/api/sessions/${encodeURIComponent(id)}/attendance`, { signal }),
  });

export function useMarkAttendance(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (absent: string[]) =>
      api<SessionAttendance>(`/api/sessions/${encodeURIComponent(id)}/attendance`, { method: 'PUT', body: { absent } }),
    onSuccess: (data) => {
      qc.setQueryData(['sessions', 'attendance', id], data);
      return qc.invalidateQueries({ queryKey: ['sessions', 'day'] });
    },
  });
}

export const useAttendanceReport = (batch: string, from?: string, to?: string) =>
  useQuery({
    queryKey: ['attendance', 'report', batch, from, to],
    queryFn: ({ signal }) => api<AttendanceReport>(`/api/attendance${search({ batch, from, to })}`, { signal }),
  });

export const attendanceCsvPath = (batch: string, from?: string, to?: string) =>
  `/api/attendance${search({ batch, from, to, format: 'csv' })}`;

export const useMyWeek = () =>
  useQuery({ queryKey: ['timetable', 'student'], queryFn: ({ signal }) => api<StudentWeek>('/api/timetable/student', { signal }) });

export const useMyAttendance = () =>
  useQuery({ queryKey: ['attendance', 'student'], queryFn: ({ signal }) => api<StudentAttendance>('/api/attendance/student', { signal }) });

export const useCalendarUrl = () =>
  useQuery({ queryKey: ['calendar', 'token'], queryFn: ({ signal }) => api<{ url: string }>('/api/calendar/token', { signal }) });

/** Every course (for the batch form and filters). */
export const useCourseOptions = () =>
  useQuery({
    queryKey: ['courses', 'admin'],
    queryFn: ({ signal }) => api<{ _id: string; name: string; isActive: boolean }[]>('/api/courses/admin', { signal }),
    staleTime: 60_000,
  });

/** The centres the signed-in staff member works with (a centre manager's own): the batch form's choices. */
export { useMyCentres as useCentreOptions } from '../../../api/centres.ts';
