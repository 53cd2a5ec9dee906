import { QueryState } from '../../../components/query-state.tsx';
import { useSiteAbout } from '../api/site.ts';
import { Achievements, AboutStory } from './about-story.tsx';
import { CentresSection } from './centres-section.tsx';
import { Gallery } from './gallery.tsx';

/** The About page under its header: one chunk loaded after the header renders (performance target, bench/README.md). */
export default function AboutSections() {
  const about = useSiteAbout();
  return (
    <>
      <QueryState query={about} errorText="Our story could not be loaded.">
        {(data) => (
          <>
            <AboutStory story={data.story} />
            <Achievements achievements={data.achievements} />
          </>
        )}
      </QueryState>
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
