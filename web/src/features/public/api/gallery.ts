import type { GalleryImage } from '@app/common/schemas/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type { GalleryImage };

/** Gallery images in display order (GET /api/gallery). */
export const galleryQuery = queryOptions({
  queryKey: ['gallery'],
  queryFn: () => api<GalleryImage[]>('/api/gallery'),
  staleTime: 10 * 60_000,
});

export const useGallery = () => useQuery(galleryQuery);
