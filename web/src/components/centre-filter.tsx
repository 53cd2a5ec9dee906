import { useCentres, useMyCentres } from '../api/centres.ts';
import { FilterSelect } from './filter-select.tsx';

type Props = { value: string; onChange: (value: string) => void; label?: string };

/**
 * A list's centre filter: the centres the signed-in staff member works with, by name (a centre manager sees
 * only theirs; docs/product-staff.md). A centre in the address that is not one of them (an old link) stays
 * shown, by its public name, so the filter never hides what the list is filtered by.
 */
export function CentreFilter({ value, onChange, label = 'Centre' }: Props) {
  const mine = useMyCentres();
  const all = useCentres();
  const list = mine.data ?? [];
  const stray = value && mine.data && !list.some((c) => c.id === value) ? value : null;
  const options = [
    { value: '', label: 'All centres' },
    ...(stray ? [{ value: stray, label: all.data?.find((c) => c.id === stray)?.name ?? stray }] : []),
    ...list.map((c) => ({ value: c.id, label: c.name })),
  ];
  return <FilterSelect label={label} value={value} onChange={onChange} options={options} />;
}
