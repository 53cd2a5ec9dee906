import { CENTRE_IDS } from '@app/common/constants';
import { ENQUIRY_SOURCES } from '@app/common/schemas/enquiries';
import { pickParam, useAddressState } from '../../../lib/address-state.ts';
import type { FunnelParams } from '../api/enquiries.ts';
import { thisMonth } from '../desk-format.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | '' => pickParam<T | ''>(value, allowed, '');

/**
 * The funnel's period and filters, in the address. The period defaults to this month (India's calendar);
 * owner "me" is the signed-in staff member's id in the call.
 */
export function useFunnelFilters(myId: string | undefined) {
  const { params, update } = useAddressState();
  const month = thisMonth();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const filters = {
    from: DAY.test(from) ? from : month.from,
    to: DAY.test(to) ? to : month.to,
    centre: pick(params.get('centre'), CENTRE_IDS),
    source: pick(params.get('source'), ENQUIRY_SOURCES),
    owner: pick(params.get('owner'), ['me'] as const),
  };
  const query: FunnelParams = {
    from: filters.from,
    to: filters.to,
    centre: filters.centre || undefined,
    source: filters.source || undefined,
    owner: filters.owner === 'me' ? myId : undefined,
  };
  // The funnel has no pages: a change of filter is just that.
  const set = (key: keyof typeof filters, value: string) => update({ [key]: value }, false);
  return { filters, query, isValid: filters.from <= filters.to, set };
}
