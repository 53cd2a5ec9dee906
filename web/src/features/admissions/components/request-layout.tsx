import type { ReactNode } from 'react';

type Props = { title: string; lead: string; children: ReactNode; side: ReactNode };

/** The page around both admission forms: heading, the form in two columns of three, the side box beside it. */
export function RequestLayout({ title, lead, children, side }: Props) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-brand-800">{title}</h1>
      <p className="mt-1 text-slate-600">{lead}</p>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">{children}</div>
        {side}
      </div>
    </section>
  );
}
