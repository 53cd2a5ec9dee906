import { Eye, EyeOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass, FormAlert } from '../../../components/field.tsx';

type Props = {
  id: string;
  onSubmit: () => void;
  saving: boolean;
  error: string | null;
  previewing: boolean;
  onTogglePreview: () => void;
  preview: ReactNode;
  children: ReactNode;
};

/** A page's form with Save and Preview: the preview shows the draft beside the form (below it on a phone). */
export function PageFormFrame({ id, onSubmit, saving, error, previewing, onTogglePreview, preview, children }: Props) {
  return (
    <div className={`grid gap-6 ${previewing ? 'xl:grid-cols-2' : ''}`}>
      <form
        id={id}
        noValidate
        className="flex min-w-0 flex-col gap-5 rounded-xl bg-white p-4 shadow-sm sm:p-6"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {error && <FormAlert>{error}</FormAlert>}
        {children}
        <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            {saving ? 'Saving...' : 'Save and publish'}
          </button>
          <button type="button" className={buttonClass.secondary} aria-pressed={previewing} onClick={onTogglePreview}>
            {previewing ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
            {previewing ? 'Hide preview' : 'Preview'}
          </button>
        </div>
      </form>
      {previewing && (
        // Scrolls on its own beside a long form: focusable, so a keyboard can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard
        <div tabIndex={0} className="min-w-0 xl:sticky xl:top-20 xl:max-h-[calc(100vh-6rem)] xl:self-start xl:overflow-y-auto">
          {preview}
        </div>
      )}
    </div>
  );
}
