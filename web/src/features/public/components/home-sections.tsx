import { QueryState } from '../../../components/query-state.tsx';
import { useSiteFaq, useSiteHome, useTestimonials, useToppers } from '../api/site.ts';
import { AnnouncementsSection } from './announcements-section.tsx';
import { CentresSection } from './centres-section.tsx';
import { CoursesSection } from './courses-section.tsx';
import { CtaBand } from './cta-band.tsx';
import { FaqSection } from './faq-section.tsx';
import { PrincipalMessage } from './principal-message.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';
import { ToppersSection } from './toppers-section.tsx';
import { WhyChooseUs } from './why-choose-us.tsx';

/**
 * Everything on the home page below the hero: one chunk loaded after the hero renders (performance target,
 * bench/README.md). The server renders it with its data (src/entry-server.tsx); after a navigation in the
 * browser each edited section shows nothing while it loads and its message with Retry when it failed.
 */
export default function HomeSections() {
  const home = useSiteHome();
  const toppers = useToppers();
  const testimonials = useTestimonials();
  const faq = useSiteFaq();
  return (
    <>
      <AnnouncementsSection />
      <QueryState query={toppers} loading={null} errorText="Our toppers could not be loaded.">
        {(data) => <ToppersSection toppers={data} />}
      </QueryState>
      <CoursesSection />
      <QueryState query={home} loading={null} errorText="This part of the page could not be loaded.">
        {(data) => (
          <>
            <WhyChooseUs points={data.whyChooseUs} />
            <PrincipalMessage principal={data.principal} />
          </>
        )}
      </QueryState>
      <QueryState query={testimonials} loading={null} errorText="Testimonials could not be loaded.">
        {(data) => <TestimonialsSection testimonials={data} />}
      </QueryState>
      <CentresSection />
      <QueryState query={faq} loading={null} errorText="The questions and answers could not be loaded.">
        {(data) => <FaqSection faq={data} />}
      </QueryState>
      <CtaBand />
    </>
  );
}
