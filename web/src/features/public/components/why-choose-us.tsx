import { BookMarked, ClipboardCheck, Landmark, MonitorCheck, UserCheck, Users } from 'lucide-react';
import { Section } from './section.tsx';

const REASONS = [
  {
    icon: Landmark,
    title: 'Teachers from the courts',
    text: 'Practising advocates and retired judicial officers teach legal reasoning, bare acts and answer writing.',
  },
  {
    icon: ClipboardCheck,
    title: 'A test every week',
    text: 'Full-length mocks in the real exam pattern, with marks, ranks and a discussion class after each one.',
  },
  {
    icon: Users,
    title: 'Small batches',
    text: 'Batches are kept small so every student is known by name and every doubt gets an answer.',
  },
  {
    icon: BookMarked,
    title: 'Material that is current',
    text: 'Printed notes, legal current affairs capsules and previous years’ papers, revised every session.',
  },
  {
    icon: UserCheck,
    title: 'Personal mentoring',
    text: 'A mentor follows your scores, plans your revision and meets you and your parents each month.',
  },
  {
    icon: MonitorCheck,
    title: 'Online exam portal',
    text: 'Sit timed tests from home, see your results and pay fees from your own student dashboard.',
  },
];

export function WhyChooseUs() {
  return (
    <Section
      id="why"
      eyebrow="Why students choose us"
      title="Preparation that is personal and exam-true"
      intro="Fifteen years of coaching law aspirants in Kolkata and Hooghly have taught us what works."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {REASONS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-slate-200 p-6">
            <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-800 text-gold-400">
              <Icon aria-hidden="true" className="h-6 w-6" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-brand-900">{title}</h3>
            <p className="mt-2 leading-relaxed text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
