import { BookOpen } from 'lucide-react';
import { useId, useState } from 'react';
import { RichText } from '../../../components/rich-text.tsx';

type Props = { passageId: string; body: string };

/**
 * The passage a question is built on. On a wide screen a pane left of the question that scrolls on its
 * own; the session keeps this element (same key) while the student moves through the passage's
 * questions, so its scroll position stays. On a phone it folds behind "Show passage / Hide passage".
 */
export function PassagePane({ passageId, body }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section
      key={passageId}
      aria-labelledby={`${id}-title`}
      data-testid="passage-pane"
      className="rounded-xl bg-white shadow-sm lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-5 py-3 lg:sticky lg:top-0 lg:bg-white">
        <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-brand-800">
          <BookOpen aria-hidden="true" className="h-4 w-4" /> Passage
        </h2>
        <button
          type="button"
          className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-700 lg:hidden"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide passage' : 'Show passage'}
        </button>
      </div>
      <div id={`${id}-body`} className={`${open ? 'block' : 'hidden'} px-5 py-4 lg:block`}>
        <RichText text={body} className="text-base leading-relaxed text-slate-900" />
      </div>
    </section>
  );
}
