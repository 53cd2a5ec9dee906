import { Achievements, AboutStory } from './about-story.tsx';
import { CentresSection } from './centres-section.tsx';
import { Gallery } from './gallery.tsx';

/** The About page under its header: one chunk loaded after the header renders (performance target, bench/README.md). */
export default function AboutSections() {
  return (
    <>
      <AboutStory />
      <Achievements />
      <Gallery />
      <CentresSection
        id="contacts"
        tone="white"
        title="Centre contacts"
        intro="Call or visit any centre between 9 AM and 7 PM, Monday to Saturday, to meet a counsellor."
      />
    </>
  );
}
