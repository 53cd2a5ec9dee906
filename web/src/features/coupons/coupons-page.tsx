import { formatDate } from '@app/common/rules/dates';
import { formatINR } from '@app/common/rules/money';
import type { Coupon } from '@app/common/schemas/coupons';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAdminCourses } from '../../api/courses.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { Badge } from '../../components/badge.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { buttonClass } from '../../components/field.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { useConfirmDelete } from '../../components/use-confirm-delete.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useCoupons, useDeleteCoupon, useSaveCoupon } from './api/coupons.ts';
import { LazyDialog, lazyWithPreload } from '../../components/lazy-dialog.tsx';

// Loaded on first opening: react-hook-form and the form stay out of the page's initial JavaScript (scripts/bundle-budget.mjs).
const CouponFormModal = lazyWithPreload(() => import('./components/coupon-form.tsx').then((m) => m.CouponFormModal));

const discountOf = (c: Coupon) => (c.percent !== null ? `${c.percent}% off` : `${formatINR(c.amount ?? 0)} off`);
const limit = (n: number | null) => (n === null ? 'No limit' : String(n));
const dates = (c: Coupon) =>
  !c.validFrom && !c.validTo
    ? 'Always'
    : `${c.validFrom ? formatDate(c.validFrom) : 'Now'} to ${c.validTo ? formatDate(c.validTo) : 'no end'}`;

/** Active, or why it cannot be used right now. */
function Status({ c }: { c: Coupon }) {
  const now = Date.now();
  if (!c.isActive) return <Badge tone="slate">Inactive</Badge>;
  if (c.validTo && Date.parse(c.validTo) <= now) return <Badge tone="red">Expired</Badge>;
  if (c.validFrom && Date.parse(c.validFrom) > now) return <Badge tone="blue">Scheduled</Badge>;
  if (c.maxUses !== null && c.uses >= c.maxUses) return <Badge tone="amber">Used up</Badge>;
  return <Badge tone="green">Active</Badge>;
}

/** /admin/coupons: the institute's coupon codes (docs/product.md, "Coupons"). */
export default function CouponsPage() {
  const coupons = useCoupons();
  const courses = useAdminCourses();
  const save = useSaveCoupon();
  const remove = useDeleteCoupon();
  const [editing, setEditing] = useState<{ coupon: Coupon | null } | null>(null);
  const deletion = useConfirmDelete({
    mutation: remove,
    idOf: (c: Coupon) => c._id,
    title: 'Delete coupon?',
    message: (c) => (
      <p>
        <strong>{c.code}</strong> will stop working at once. A coupon that has been used cannot be deleted: deactivate it instead.
      </p>
    ),
    deleted: 'Coupon deleted',
    failed: 'Could not delete the coupon.',
    closeOnError: true,
  });

  const courseNames = (ids: string[]) =>
    ids.length === 0 ? 'All courses' : ids.map((id) => courses.data?.find((c) => c._id === id)?.name ?? 'A deleted course').join(', ');
  const columns: Column<Coupon>[] = [
    { header: 'Code', className: 'font-mono font-semibold text-slate-900', cell: (c) => c.code, hideInCard: true },
    { header: 'Discount', className: 'whitespace-nowrap', cell: discountOf },
    { header: 'Courses', className: 'max-w-xs', cell: (c) => courseNames(c.courses) },
    { header: 'Valid', className: 'whitespace-nowrap', cell: dates },
    { header: 'Uses', className: 'whitespace-nowrap', cell: (c) => (c.maxUses === null ? String(c.uses) : `${c.uses} of ${c.maxUses}`) },
    { header: 'Per student', cell: (c) => limit(c.maxUsesPerStudent) },
    { header: 'Status', cell: (c) => <Status c={c} />, hideInCard: true },
  ];
  const onToggle = (c: Coupon) =>
    save.mutate(
      { id: c._id, body: { isActive: !c.isActive } },
      {
        onSuccess: () => toast.success(c.isActive ? 'Coupon deactivated' : 'Coupon restored'),
        onError: (err) => toast.error(errorMessage(err, 'Could not save the coupon.')),
      },
    );
  return (
    <AdminPage
      title="Coupons"
      actions={
        <button
          type="button"
          className={buttonClass.primary}
          onPointerEnter={CouponFormModal.preload}
          onFocus={CouponFormModal.preload}
          onClick={() => setEditing({ coupon: null })}
        >
          <Plus aria-hidden="true" className="h-5 w-5" /> New Coupon
        </button>
      }
    >
      <p className="mb-4 text-sm text-slate-600">
        A use counts when its payment completes. Students type the code on the fee payment page; codes are never listed to them.
      </p>
      <QueryState
        query={coupons}
        loadingText="Loading coupons..."
        errorText={(e) => errorMessage(e, 'Could not load the coupons.')}
        isEmpty={(list) => list.length === 0}
        empty="No coupons yet"
        emptyHint="Create one for an offer, a course or a season."
      >
        {(list) => (
          <DataTable
            rows={list}
            rowKey={(c) => c._id}
            columns={columns}
            caption="Coupons"
            cardTitle={(c) => <p className="font-mono font-semibold text-slate-900">{c.code}</p>}
            cardBadge={(c) => <Status c={c} />}
            rowClassName={(c) => (c.isActive ? '' : 'bg-slate-50 text-slate-500')}
            actions={(c, place) => (
              <RowActions
                name={c.code}
                isActive={c.isActive}
                busy={(save.isPending && save.variables?.id === c._id) || deletion.busyId === c._id}
                onEdit={() => setEditing({ coupon: c })}
                onToggleActive={() => onToggle(c)}
                onDelete={() => deletion.ask(c)}
                layout={place === 'table' ? 'stack' : undefined}
              />
            )}
          />
        )}
      </QueryState>
      <LazyDialog open={editing !== null}>
        <CouponFormModal open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} coupon={editing?.coupon ?? null} />
      </LazyDialog>
      {deletion.dialog}
    </AdminPage>
  );
}
