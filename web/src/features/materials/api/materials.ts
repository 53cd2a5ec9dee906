import type { Material, MaterialPatchBody, StudentMaterial, VideoMaterialBody } from '@app/common/schemas/materials';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile } from '../../../lib/api-client.ts';

// Study materials (docs/product-materials.md): the staff list and its changes, the student's list, the download.

const keys = {
  all: ['materials'] as const,
  staff: ['materials', 'staff'] as const,
  student: (params: StudentFilters) => ['materials', 'student', params] as const,
};

export type StudentFilters = { subject?: string; q?: string };

/** A PDF upload of 50 MB takes far longer than a JSON call's 10 s on a slow connection. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export const useMaterials = () =>
  useQuery({ queryKey: keys.staff, queryFn: ({ signal }) => api<Material[]>('/api/materials', { signal }) });

export const useStudentMaterials = (params: StudentFilters = {}) =>
  useQuery({
    queryKey: keys.student(params),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams(Object.entries(params).filter(([, v]) => v) as [string, string][]).toString();
      return api<StudentMaterial[]>(`/api/materials/student${qs ? `?${qs}` : ''}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

/** A new material: a PDF as multipart (FormData), a video link as JSON. */
export function useCreateMaterial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData | VideoMaterialBody) =>
      api<Material>('/api/materials', { method: 'POST', body, timeoutMs: body instanceof FormData ? UPLOAD_TIMEOUT_MS : undefined }),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useUpdateMaterial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MaterialPatchBody }) =>
      api<Material>(`/api/materials/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteMaterial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/materials/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Saves the PDF stamped for the signed-in reader; a student's download is counted. */
export function useDownloadMaterial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (m: { _id: string; title: string }) =>
      downloadFile(`/api/materials/${encodeURIComponent(m._id)}/download`, {
        fallbackName: `${m.title}.pdf`,
        failure: 'Could not download the file. Please try again.',
        timeoutMs: UPLOAD_TIMEOUT_MS,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.staff }),
  });
}
