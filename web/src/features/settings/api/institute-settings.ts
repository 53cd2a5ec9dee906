import type { InstituteSettings, instituteSettingsBody } from '@app/common/schemas/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { invalidateInstitute } from '../../../api/institute.ts';
import { api } from '../../../lib/api-client.ts';

export type InstituteSettingsOutput = z.output<typeof instituteSettingsBody>;

/** GET /api/settings/institute (admin): the whole profile, tax fields included. */
export const instituteSettingsQuery = queryOptions({
  queryKey: ['institute', 'admin'],
  queryFn: () => api<InstituteSettings>('/api/settings/institute'),
});
export const useInstituteSettings = () => useQuery(instituteSettingsQuery);

/** PUT /api/settings/institute: replaces the profile; the footer and this page read it again. */
export function useSaveInstituteSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InstituteSettingsOutput) => api<InstituteSettings>('/api/settings/institute', { method: 'PUT', body }),
    onSuccess: (saved) => qc.setQueryData(instituteSettingsQuery.queryKey, saved),
    onSettled: () => invalidateInstitute(qc),
  });
}

/** PUT /api/settings/institute/logo (multipart "file"): sets or replaces the logo; answers the profile. */
export function useUploadLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api<InstituteSettings>('/api/settings/institute/logo', { method: 'PUT', body });
    },
    onSuccess: (saved) => qc.setQueryData(instituteSettingsQuery.queryKey, saved),
    onSettled: () => invalidateInstitute(qc),
  });
}

/** DELETE /api/settings/institute/logo: receipts are drawn without a logo from then on. */
export function useRemoveLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<InstituteSettings>('/api/settings/institute/logo', { method: 'DELETE' }),
    onSuccess: (saved) => qc.setQueryData(instituteSettingsQuery.queryKey, saved),
    onSettled: () => invalidateInstitute(qc),
  });
}
