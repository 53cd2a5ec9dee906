import type { QueryClient } from '@tanstack/react-query';
import { invalidateAdminStats } from '../../../api/admin-stats.ts';

// Every payment query key starts with 'payments': after a payment changes, everything that shows
// money (history, the dashboard summary, the admin ledger and tiles) refetches.
export const paymentKeys = {
  all: ['payments'] as const,
  history: ['payments', 'history'] as const,
  studentSummary: ['payments', 'student'] as const,
  courseFees: ['payments', 'fees'] as const,
  status: (orderId: string) => ['payments', 'status', orderId] as const,
  adminList: (status: string) => ['payments', 'admin', 'list', status] as const,
  adminTiles: ['payments', 'admin', 'summary'] as const,
  adminDetail: (id: string) => ['payments', 'admin', 'detail', id] as const,
};

export const invalidatePayments = (qc: QueryClient) =>
  Promise.all([qc.invalidateQueries({ queryKey: paymentKeys.all }), invalidateAdminStats(qc)]);
