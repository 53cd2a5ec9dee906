import { useQuery } from '@tanstack/react-query';
import { centresQuery } from './centres-query.ts';

export { centresQuery };

export const useCentres = () => useQuery(centresQuery);
