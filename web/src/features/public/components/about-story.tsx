import type { SiteAbout } from '@app/common/schemas/site';
import { Award, Building2, Scale, Users } from 'lucide-react';
import { Section } from './section.tsx';
import { SiteText } from './site-text.tsx';

const MILESTONES = [
  { year: '2010', text: 'Founded in Dumdum with one classroom and a CLAT batch of twenty-two students.' },
  { year: '2014', text: 'Opened the Kasba/Ballygunge centre and its law library.' },
  { year: '2016', text: 'Started the judiciary wing, taught by practising advocates and retired judicial officers.' },
  { year: '2019', text: 'Opened the Shrirampur centre for students from Hooghly and beyond.' },
  { year: '2021', text: 'Launched our online exam portal for weekly mock tests from home.' },
];

const ICONS = [Users, Scale, Award, Building2];

/** The story and its milestones; the story is the institute's own text (/admin/site). */
export function AboutStory({ story }: { story: string }) {
  return (
    <Section id="story" eyebrow="Our story" title="Fifteen years of teaching the law">
      <div className="grid gap-12 lg:grid-cols-[1.2fr_1fr]">
        <SiteText text={story} className="space-y-5 text-lg leading-relaxed text-slate-700" />
        <ol className="relative space-y-6 border-l-2 border-gold-400/60 pl-6" aria-label="Milestones">
          {MILESTONES.map((m) => (
            <li key={m.year} className="relative">
              <span
                aria-hidden="true"
                className="absolute -left-[33px] top-1 h-4 w-4 rounded-full border-4 border-white bg-gold-400 ring-2 ring-gold-400/60"
              />
              <p className="font-serif text-xl font-bold text-brand-800">{m.year}</p>
              <p className="mt-1 text-slate-600">{m.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </Section>
  );
}

/** The achievements the institute lists at /admin/site: a figure (the title) and what it counts. */
export function Achievements({ achievements }: { achievements: SiteAbout['achievements'] }) {
  if (achievements.length === 0) return null;
  return (
    <section aria-labelledby="achievements-title" className="bg-brand-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
        <h2 id="achievements-title" className="text-center font-serif text-3xl font-bold sm:text-4xl">
          Our achievements
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-300">Figures from our admission and result records since 2010.</p>
        <dl className="mt-10 grid grid-cols-2 gap-6 lg:grid-cols-4">
          {achievements.map(({ title, text }, i) => {
            const Icon = ICONS[i % ICONS.length];
            return (
              <div key={title} className="flex flex-col items-center rounded-2xl border border-white/10 bg-white/5 p-6 text-center">
                <Icon aria-hidden="true" className="h-7 w-7 text-gold-400" />
                <dd className="mt-3 font-serif text-4xl font-bold text-gold-400">{title}</dd>
                <dt className="mt-1 text-sm text-slate-200">{text}</dt>
              </div>
            );
          })}
        </dl>
      </div>
    </section>
  );
}
