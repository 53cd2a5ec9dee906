import { Component, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { buttonClass } from '../components/field.tsx';
import { ReloadIcon } from '../components/shell-icons.tsx';

/**
 * Shown inside the layout when a page fails. The common case is a page chunk that no longer exists
 * after a new version was deployed: a reload fetches the new one.
 */
export function RouteError({ error }: { error: unknown }) {
  const isChunkLoad =
    error instanceof Error && /dynamically imported module|Importing a module script failed|Loading chunk/i.test(error.message);
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-brand-800">{isChunkLoad ? 'A new version is available' : 'Something went wrong'}</h1>
      <p className="text-slate-600">
        {isChunkLoad
          ? 'This page was updated since you opened the site. Reload to get the latest version.'
          : 'This page could not be shown. Reload the page or go back to the home page.'}
      </p>
      <div className="flex gap-3">
        <button type="button" className={buttonClass.primary} onClick={() => window.location.reload()}>
          <ReloadIcon aria-hidden="true" className="h-4 w-4" /> Reload
        </button>
        <Link to="/" className={buttonClass.secondary}>
          Home
        </Link>
      </div>
    </section>
  );
}

type BoundaryState = { error: unknown; pathname: string };

/** Catches a page's render or chunk-load error; moving to another page clears it. */
class PageBoundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** The route element around every page: the layout stays while a failed page shows RouteError. */
export function RouteErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <PageBoundary pathname={pathname}>
      <Outlet />
    </PageBoundary>
  );
}
