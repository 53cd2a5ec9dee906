import type { Guardian, GuardianAlert, GuardianInput } from '@app/common/schemas/parents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// A student's guardians on their record (docs/product-parents.md "Guardians"), for staff with students.view
// (and students.manage to change them).

const guardiansKey = (id: string) => ['students', 'one', id, 'guardians'] as const;

/** GET /api/users/{id}/guardians: in position order, with the parent account's last sign-in. */
export const useGuardians = (id: string) =>
  useQuery({ queryKey: guardiansKey(id), queryFn: () => api<Guardian[]>(`/api/users/${encodeURIComponent(id)}/guardians`) });

/** GET /api/users/{id}/guardian-alerts: the alerts sent to the student's guardians, newest first. */
export const useGuardianAlerts = (id: string) =>
  useQuery({
    queryKey: ['students', 'one', id, 'guardian-alerts'],
    queryFn: () => api<GuardianAlert[]>(`/api/users/${encodeURIComponent(id)}/guardian-alerts`),
  });

/** PUT /api/users/{id}/guardians: the whole list (0 to 2); the answer is the stored list. */
export const useSaveGuardians = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GuardianInput[]) => api<Guardian[]>(`/api/users/${encodeURIComponent(id)}/guardians`, { method: 'PUT', body }),
    onSuccess: (stored) => {
      qc.setQueryData(guardiansKey(id), stored);
      void qc.invalidateQueries({ queryKey: ['students', 'one', id] });
    },
  });
};
