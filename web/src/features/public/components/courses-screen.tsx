import { usePageTitle } from '../../../components/page-title.ts';
import { CoursesSection } from './courses-section.tsx';
import { PageHeader } from './page-header.tsx';

/** /courses: every active course as a card, each linking to its page (docs/product-site.md). */
export default function CoursesScreen() {
  usePageTitle('Courses');
  return (
    <>
      <PageHeader eyebrow="Programmes" title="Courses for law entrance, the judiciary and your degree">
        <p>Classroom teaching, printed material and a full test series at each of our three centres.</p>
      </PageHeader>
      <CoursesSection />
    </>
  );
}
