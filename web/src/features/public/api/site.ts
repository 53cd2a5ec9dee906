import type { CoursePage, SiteAbout, SiteFaq, SiteHome, Testimonial, Topper } from '@app/common/schemas/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The content the institute edits at /admin/site (docs/product-site.md), as the public pages read it.
// Every key starts with 'site', the course page's with 'courses' (web/src/api/courses.ts), so an
// editor's invalidation reaches them.

export const siteHomeQuery = queryOptions({ queryKey: ['site', 'home'], queryFn: () => api<SiteHome>('/api/site/home') });
export const useSiteHome = () => useQuery(siteHomeQuery);

export const siteAboutQuery = queryOptions({ queryKey: ['site', 'about'], queryFn: () => api<SiteAbout>('/api/site/about') });
export const useSiteAbout = () => useQuery(siteAboutQuery);

export const siteFaqQuery = queryOptions({ queryKey: ['site', 'faq'], queryFn: () => api<SiteFaq>('/api/site/faq') });
export const useSiteFaq = () => useQuery(siteFaqQuery);

export const toppersQuery = queryOptions({ queryKey: ['site', 'toppers'], queryFn: () => api<Topper[]>('/api/site/toppers') });
export const useToppers = () => useQuery(toppersQuery);

export const testimonialsQuery = queryOptions({
  queryKey: ['site', 'testimonials'],
  queryFn: () => api<Testimonial[]>('/api/site/testimonials'),
});
export const useTestimonials = () => useQuery(testimonialsQuery);

/** GET /api/courses/{slug}: a course's public page. */
export const coursePageQuery = (slug: string) =>
  queryOptions({
    queryKey: ['courses', 'page', slug],
    queryFn: () => api<CoursePage>(`/api/courses/${encodeURIComponent(slug)}`),
  });
export const useCoursePage = (slug: string) => useQuery(coursePageQuery(slug));
