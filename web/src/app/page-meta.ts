import { formatINR } from '@app/common/rules/money';
import type { Centre } from '@app/common/schemas/centres';
import type { PublicInstitute } from '@app/common/schemas/settings';
import type { CoursePage, SiteHome } from '@app/common/schemas/site';
import type { QueryKey } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { centresQuery } from '../api/centres.ts';
import { publicInstituteQuery } from '../api/institute.ts';
import { coursePageQuery, siteHomeQuery } from '../features/public/api/site.ts';

/**
 * What a search engine or a shared link shows of a public page (docs/product-site.md): the <head> the
 * server writes for each page it renders (src/entry-server.tsx). `title` is the page's own title, as its
 * usePageTitle gives it; `path` makes the canonical address with the site's PUBLIC_URL.
 */
export type PageMeta = {
  title: string;
  description: string;
  path: string;
  image?: string;
  /** schema.org descriptions, each written as <script type="application/ld+json">. */
  jsonLd?: object[];
};

type Read = <T>(key: QueryKey) => T | undefined;
type Route = { path: string; meta: (params: Record<string, string | undefined>, read: Read) => Omit<PageMeta, 'path'> };

const SITE_NAME = 'Law Coaching Institute';
export const fullTitle = (title: string) => `${title} | ${SITE_NAME}`;
const COACHING = 'Law coaching for CLAT, AILET, LSAT and judicial service exams at Dumdum, Kasba/Ballygunge and Shrirampur.';

const fixed = (title: string, description: string) => () => ({ title, description });

/** The public pages the server renders, each with its <head>; every other address is rendered in the browser. */
const ROUTES: Route[] = [
  {
    path: '/',
    meta: (_, read) => {
      const home = read<SiteHome>(siteHomeQuery.queryKey);
      return {
        title: 'CLAT, Judiciary and Law Entrance Coaching',
        description: home?.hero.headline ? `${home.hero.headline}. ${COACHING}` : COACHING,
        image: home?.hero.image?.url,
        jsonLd: [organisation(read)],
      };
    },
  },
  { path: '/about', meta: fixed('About Us', `Our story, our achievements and our gallery. ${COACHING}`) },
  {
    path: '/courses',
    meta: fixed('Courses', 'CLAT, judiciary and law degree courses: duration, fees, features and the centres that run them.'),
  },
  {
    path: '/courses/:slug',
    meta: ({ slug = '' }, read) => {
      const course = read<CoursePage>(coursePageQuery(slug).queryKey);
      if (!course) return { title: 'Course', description: COACHING };
      const fee = `${formatINR(course.price)}${course.feeType === 'monthly' ? ' a month' : ''}`;
      return {
        title: course.name,
        description: `${course.name}: ${course.duration}, fee ${fee}. ${firstSentence(course.description)}`,
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'Course',
            name: course.name,
            description: course.description,
            provider: { '@type': 'EducationalOrganization', name: instituteName(read) },
            offers: { '@type': 'Offer', price: course.price, priceCurrency: 'INR', category: course.feeType },
          },
        ],
      };
    },
  },
  { path: '/results', meta: fixed('Results', 'Our toppers in CLAT, the judicial services and the law entrance exams, by exam and year.') },
  { path: '/contact', meta: fixed('Contact Us', 'Addresses, phone numbers, hours and maps of our three centres, and an enquiry form.') },
  {
    path: '/nlu-predictor',
    meta: fixed('NLU Predictor', 'Which National Law University can you get with your CLAT rank? Closing ranks by category and domicile.'),
  },
  { path: '/admission-request', meta: fixed('Request Admission', 'Request admission to a course at any of our three centres.') },
  {
    path: '/admission-status',
    meta: fixed('Admission Status', 'Check the status of your admission request with your e-mail and phone number.'),
  },
  {
    path: '/application-form',
    meta: fixed('Admission Application Form', 'The admission application form to print and bring to a centre.'),
  },
  { path: '/login', meta: fixed('Sign in', 'Students and staff sign in here.') },
  { path: '/forgot-password', meta: fixed('Forgot password', 'Reset the password of your account.') },
  { path: '/register', meta: fixed('Registration', 'Accounts are created by the institute when an admission is approved.') },
  { path: '/signup', meta: fixed('Registration', 'Accounts are created by the institute when an admission is approved.') },
];

/** The meta of a public page the server renders, or null when the browser renders that address. */
export function pageMetaFor(pathname: string, read: Read): PageMeta | null {
  for (const route of ROUTES) {
    const match = matchPath(route.path, pathname);
    if (match) return { ...route.meta(match.params, read), path: pathname };
  }
  return null;
}

export const isServerRendered = (pathname: string) => ROUTES.some((r) => matchPath(r.path, pathname));

const instituteName = (read: Read) => read<PublicInstitute>(publicInstituteQuery.queryKey)?.name ?? SITE_NAME;

/** The institute and its centres, each with its address and phone (schema.org EducationalOrganization). */
function organisation(read: Read): object {
  const institute = read<PublicInstitute>(publicInstituteQuery.queryKey);
  const centres = read<Centre[]>(centresQuery.queryKey) ?? [];
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    name: instituteName(read),
    ...(institute?.email ? { email: institute.email } : {}),
    ...(institute?.phone ? { telephone: institute.phone } : {}),
    department: centres.map((c) => ({
      '@type': 'EducationalOrganization',
      name: c.name,
      telephone: c.phone,
      address: { '@type': 'PostalAddress', streetAddress: c.address, addressLocality: c.location, addressCountry: 'IN' },
    })),
  };
}

const firstSentence = (text: string) => {
  const plain = text.replace(/[#*_`>[\]]/g, '').trim();
  const end = plain.search(/[.!?](\s|$)/);
  return (end >= 0 ? plain.slice(0, end + 1) : plain).slice(0, 200);
};
