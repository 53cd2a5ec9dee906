import { Award, BookOpen, Building2, Scale, Users } from 'lucide-react';
import { Section } from './section.tsx';

const MILESTONES = [
  { year: '2010', text: 'Founded in Dumdum with one classroom and a CLAT batch of twenty-two students.' },
  { year: '2014', text: 'Opened the Kasba/Ballygunge centre and its law library.' },
  { year: '2016', text: 'Started the judiciary wing, taught by practising advocates and retired judicial officers.' },
  { year: '2019', text: 'Opened the Shrirampur centre for students from Hooghly and beyond.' },
  { year: '2021', text: 'Launched our online exam portal for weekly mock tests from home.' },
];

const ACHIEVEMENTS = [
  { icon: Users, figure: '6,500+', label: 'students coached' },
  { icon: Scale, figure: '850+', label: 'National Law University selections' },
  { icon: Award, figure: '140+', label: 'judicial service selections' },
  { icon: Building2, figure: '3', label: 'centres in Kolkata and Hooghly' },
];

export function AboutStory() {
  return (
    <Section id="story" eyebrow="Our story" title="Fifteen years of teaching the law">
      <div className="grid gap-12 lg:grid-cols-[1.2fr_1fr]">
        <div className="space-y-5 text-lg leading-relaxed text-slate-700">
          <p>
            Law Coaching Institute began in 2010, when a group of advocates from the Calcutta High Court started evening classes for school
            leavers who wanted to study law but could not find serious preparation close to home.
          </p>
          <p>
            We have grown to three centres, but the method has not changed: small batches, a test every week, and teachers who read every
            answer script. Our students prepare for CLAT, AILET and LSAT India, for the West Bengal and other state judicial services, and
            for their LL.B. semester examinations.
          </p>
          <p className="flex gap-3 rounded-xl bg-brand-50 p-5 text-base text-brand-900">
            <BookOpen aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
            Our aim is simple: every student who walks in should leave able to read a statute, argue a point and write an answer that an
            examiner is glad to mark.
          </p>
        </div>
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

export function Achievements() {
  return (
    <section aria-labelledby="achievements-title" className="bg-brand-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
        <h2 id="achievements-title" className="text-center font-serif text-3xl font-bold sm:text-4xl">
          Our achievements
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-300">Figures from our admission and result records since 2010.</p>
        <dl className="mt-10 grid grid-cols-2 gap-6 lg:grid-cols-4">
          {ACHIEVEMENTS.map(({ icon: Icon, figure, label }) => (
            <div key={label} className="flex flex-col items-center rounded-2xl border border-white/10 bg-white/5 p-6 text-center">
              <Icon aria-hidden="true" className="h-7 w-7 text-gold-400" />
              <dd className="mt-3 font-serif text-4xl font-bold text-gold-400">{figure}</dd>
              <dt className="mt-1 text-sm text-slate-200">{label}</dt>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
