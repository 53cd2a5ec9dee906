import { AnnouncementsSection } from './announcements-section.tsx';
import { CentresSection } from './centres-section.tsx';
import { CoursesSection } from './courses-section.tsx';
import { CtaBand } from './cta-band.tsx';
import { PrincipalMessage } from './principal-message.tsx';
import { WhyChooseUs } from './why-choose-us.tsx';

/** Everything on the home page below the hero: one chunk loaded after the hero renders (performance target, bench/README.md). */
export default function HomeSections() {
  return (
    <>
      <AnnouncementsSection />
      <CoursesSection />
      <WhyChooseUs />
      <PrincipalMessage />
      <CentresSection />
      <CtaBand />
    </>
  );
}
