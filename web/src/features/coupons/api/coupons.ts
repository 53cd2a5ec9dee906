import type { Coupon, CouponBody, CouponPatchBody } from '@app/common/schemas/coupons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const keys = { all: ['coupons'] as const };

export const useCoupons = () => useQuery({ queryKey: keys.all, queryFn: ({ signal }) => api<Coupon[]>('/api/coupons', { signal }) });

export function useSaveCoupon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CouponBody | CouponPatchBody }) =>
      id
        ? api<Coupon>(`/api/coupons/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : api<Coupon>('/api/coupons', { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteCoupon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/coupons/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}
