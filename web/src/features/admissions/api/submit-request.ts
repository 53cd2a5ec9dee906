import type { AdmissionRequest, AdmissionRequestBody, ApplicationFieldKey } from '@app/common/schemas/admissions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The application fields are optional in the body (the short form has none); their preprocess steps type
// them as required keys, hence the Partial.
type SubmitBody = Omit<AdmissionRequestBody, ApplicationFieldKey> & Partial<Pick<AdmissionRequestBody, ApplicationFieldKey>>;

/** POST /api/admission-requests (public): the request form and the Application Form both submit here. */
export const submitAdmissionRequest = (body: SubmitBody) =>
  api<{ message: string; request: AdmissionRequest }>('/api/admission-requests', { method: 'POST', body });

export function useSubmitAdmissionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAdmissionRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admission-requests'] }),
  });
}
