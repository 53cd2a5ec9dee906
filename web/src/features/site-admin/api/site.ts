import type {
  GalleryImage,
  GalleryPatchBody,
  SiteAbout,
  SiteFaq,
  SiteHome,
  SiteImage,
  Testimonial,
  TestimonialPatchBody,
  Topper,
  TopperPatchBody,
  siteAboutBody,
  siteFaqBody,
  siteHomeBody,
  testimonialBody,
  topperBody,
} from '@app/common/schemas/site';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

// The site editor's reads and writes (/api/site, /api/gallery). Every write refreshes
// the editor's copy and the public pages' ones (their keys start with the same names).

export const siteKeys = {
  home: ['site', 'home'] as const,
  about: ['site', 'about'] as const,
  faq: ['site', 'faq'] as const,
  toppers: ['site', 'toppers'] as const,
  testimonials: ['site', 'testimonials'] as const,
  gallery: ['gallery'] as const,
};

export const useSiteHome = () => useQuery(queryOptions({ queryKey: siteKeys.home, queryFn: () => api<SiteHome>('/api/site/home') }));
export const useSiteAbout = () => useQuery(queryOptions({ queryKey: siteKeys.about, queryFn: () => api<SiteAbout>('/api/site/about') }));
export const useSiteFaq = () => useQuery(queryOptions({ queryKey: siteKeys.faq, queryFn: () => api<SiteFaq>('/api/site/faq') }));
export const useToppers = () => useQuery(queryOptions({ queryKey: siteKeys.toppers, queryFn: () => api<Topper[]>('/api/site/toppers') }));
export const useTestimonials = () =>
  useQuery(queryOptions({ queryKey: siteKeys.testimonials, queryFn: () => api<Testimonial[]>('/api/site/testimonials') }));
/** Every gallery image, hidden ones too. */
export const useGalleryAll = () =>
  useQuery(queryOptions({ queryKey: [...siteKeys.gallery, 'all'], queryFn: () => api<GalleryImage[]>('/api/gallery/all') }));

function useWrite<V, R>(key: readonly string[], call: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => qc.invalidateQueries({ queryKey: key }) });
}

export const useSaveHome = () =>
  useWrite(siteKeys.home, (body: z.output<typeof siteHomeBody>) => api<SiteHome>('/api/site/home', { method: 'PUT', body }));
export const useSaveAbout = () =>
  useWrite(siteKeys.about, (body: z.output<typeof siteAboutBody>) => api<SiteAbout>('/api/site/about', { method: 'PUT', body }));
export const useSaveFaq = () =>
  useWrite(siteKeys.faq, (body: z.output<typeof siteFaqBody>) => api<SiteFaq>('/api/site/faq', { method: 'PUT', body }));

/** POST for a new one, PATCH for an edit or a move. */
export const useSaveTopper = () =>
  useWrite(siteKeys.toppers, ({ id, body }: { id?: string; body: z.output<typeof topperBody> | TopperPatchBody }) =>
    id ? api<Topper>(`/api/site/toppers/${id}`, { method: 'PATCH', body }) : api<Topper>('/api/site/toppers', { method: 'POST', body }),
  );
export const useDeleteTopper = () =>
  useWrite(siteKeys.toppers, (id: string) => api<{ message: string }>(`/api/site/toppers/${id}`, { method: 'DELETE' }));

export const useSaveTestimonial = () =>
  useWrite(siteKeys.testimonials, ({ id, body }: { id?: string; body: z.output<typeof testimonialBody> | TestimonialPatchBody }) =>
    id
      ? api<Testimonial>(`/api/site/testimonials/${id}`, { method: 'PATCH', body })
      : api<Testimonial>('/api/site/testimonials', { method: 'POST', body }),
  );
export const useDeleteTestimonial = () =>
  useWrite(siteKeys.testimonials, (id: string) => api<{ message: string }>(`/api/site/testimonials/${id}`, { method: 'DELETE' }));

export const useAddGalleryImage = () =>
  useWrite(siteKeys.gallery, ({ file, category, caption }: { file: File; category: string; caption: string }) => {
    const form = new FormData();
    form.append('category', category);
    form.append('caption', caption);
    form.append('file', file);
    // Resizing a large photo takes a few seconds on the server.
    return api<GalleryImage>('/api/gallery', { method: 'POST', body: form, timeoutMs: 60_000 });
  });
export const useUpdateGalleryImage = () =>
  useWrite(siteKeys.gallery, ({ id, body }: { id: string; body: GalleryPatchBody }) =>
    api<GalleryImage>(`/api/gallery/${id}`, { method: 'PATCH', body }),
  );
export const useDeleteGalleryImage = () =>
  useWrite(siteKeys.gallery, (id: string) => api<{ message: string }>(`/api/gallery/${id}`, { method: 'DELETE' }));

/** POST /api/site/images: a photo for the hero, the principal, a topper or a testimonial. */
export function uploadSiteImage(file: File): Promise<SiteImage> {
  const form = new FormData();
  form.append('file', file);
  return api<SiteImage>('/api/site/images', { method: 'POST', body: form, timeoutMs: 60_000 });
}
