import type { AdmissionStatusAnswer } from '@app/common/schemas/admissions';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admission-requests/status/{email}?phone= (public): the newest request for that e-mail and phone. */
export const findAdmissionStatus = ({ email, phone }: { email: string; phone: string }) =>
  api<AdmissionStatusAnswer>(`/api/admission-requests/status/${encodeURIComponent(email)}?phone=${encodeURIComponent(phone)}`);

// A lookup the visitor triggers with a button, so a mutation rather than a cached query.
export const useAdmissionStatusLookup = () => useMutation({ mutationFn: findAdmissionStatus });
