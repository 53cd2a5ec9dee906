import { Outlet } from 'react-router';

/**
 * The exam hall's frame: only the exam's own screen (its header with the timer and Submit, the question,
 * the palette), without the site's header, menu and footer, so that on a phone the question has the
 * screen (docs/product-papers.md, "The exam screen"). The instructions and notices carry their own way
 * back to the dashboard.
 */
export function ExamLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-100">
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
