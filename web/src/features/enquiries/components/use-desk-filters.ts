import { CENTRE_IDS } from '@app/common/constants';
import { ENQUIRY_SOURCES, ENQUIRY_STAGES } from '@app/common/schemas/enquiries';
import { pickParam as pick, useAddressState } from '../../../lib/address-state.ts';
import type { DeskListParams } from '../api/enquiries.ts';

export const DESK_PAGE_SIZE = 20;
export type DeskView = 'today' | 'all';
export type DeskFilterKey = 'stage' | 'source' | 'centre' | 'owner' | 'q';

/**
 * The desk's view (Today or All), filters and page live in the address, so a link or the back button
 * keeps them. `defaultView` is the role's: a counsellor starts on Today, everyone else on All.
 */
export function useDeskFilters(defaultView: DeskView) {
  const { params, page, update } = useAddressState();
  const view = pick(params.get('view'), ['today', 'all'] as const, defaultView);
  const filters = {
    stage: pick(params.get('stage'), ['', ...ENQUIRY_STAGES], ''),
    source: pick(params.get('source'), ['', ...ENQUIRY_SOURCES], ''),
    centre: pick(params.get('centre'), ['', ...CENTRE_IDS], ''),
    owner: pick(params.get('owner'), ['', 'me'] as const, ''),
    q: params.get('q') ?? '',
  };
  const query: DeskListParams = { ...filters, page, limit: DESK_PAGE_SIZE };
  return {
    view,
    filters,
    page,
    query,
    hasFilters: Object.values(filters).some((v) => v !== ''),
    setView: (v: DeskView) => update({ view: v === defaultView ? null : v }),
    setFilter: (key: DeskFilterKey, value: string) => update({ [key]: value }),
    setPage: (n: number) => update({ page: n }, false),
    clear: () => update({ stage: null, source: null, centre: null, owner: null, q: null }),
  };
}
