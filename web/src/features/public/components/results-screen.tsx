import { QueryState } from '../../../components/query-state.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { useToppers } from '../api/site.ts';
import { PageHeader } from './page-header.tsx';
import { Section } from './section.tsx';
import { groupToppers } from './results-groups.ts';
import { ToppersGrid } from './toppers-section.tsx';

const slugOf = (exam: string) => exam.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** /results: every topper, grouped by exam and year (docs/product-site.md). */
export default function ResultsScreen() {
  usePageTitle('Results');
  const toppers = useToppers();
  return (
    <>
      <PageHeader eyebrow="Results" title="Our toppers, exam by exam">
        <p>Students of our three centres in CLAT, the judicial services and the other exams they prepared for with us.</p>
      </PageHeader>
      <QueryState
        query={toppers}
        errorText="Our results could not be loaded."
        isEmpty={(d) => d.length === 0}
        empty="Results will be published here soon."
      >
        {(data) =>
          groupToppers(data).map(({ exam, years }, i) => (
            <Section key={exam} id={`exam-${slugOf(exam)}`} tone={i % 2 ? 'muted' : 'white'} title={exam}>
              <div className="space-y-10">
                {years.map(({ year, toppers: list }) => (
                  <div key={year}>
                    <h3 className="mb-4 font-serif text-2xl font-bold text-brand-800">{year}</h3>
                    <ToppersGrid toppers={list} nameAs="h4" />
                  </div>
                ))}
              </div>
            </Section>
          ))
        }
      </QueryState>
    </>
  );
}
