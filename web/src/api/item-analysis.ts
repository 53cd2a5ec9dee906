import type { ItemAnalysis } from '@app/common/schemas/analysis';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/** GET /api/exams/{id}/item-analysis (admin): read by the merit list and the regrade screen. */
export const useItemAnalysis = (examId: string) =>
  useQuery({ queryKey: ['item-analysis', examId], queryFn: () => api<ItemAnalysis>(`/api/exams/${examId}/item-analysis`) });
