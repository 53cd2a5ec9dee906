import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ROLE_LABELS } from '@app/common/permissions';
import { dashboardPath, useAuth } from '../lib/auth.tsx';
import { CloseIcon, MenuIcon, ScaleIcon } from '../components/shell-icons.tsx';

// Below the fold on every page: it loads beside the page's chunk, not in the entry (bundle budget: scripts/bundle-budget.mjs).
const Footer = lazy(() => import('./footer.tsx').then((m) => ({ default: m.Footer })));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-700 text-white' : 'text-slate-100 hover:bg-brand-700/70'}`;

/** docs/product.md section 2 "Layout": header and footer wrap every page; the navigation depends on sign-in. */
export function Layout() {
  const { user, logout } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const navigate = useNavigate();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu whenever the page changes
  useEffect(() => setMenuOpen(false), [location.pathname]);

  // Escape closes the mobile menu and puts focus back on its toggle.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const onLogout = () => {
    logout();
    navigate('/');
  };

  const links = user ? (
    <>
      <li>
        <NavLink to={dashboardPath(user.role)} className={linkClass}>
          Dashboard
        </NavLink>
      </li>
      <li className="px-3 py-2 text-sm text-gold-400" data-testid="welcome">
        Welcome, {user.firstName} {user.lastName}
      </li>
      {user.role !== 'student' && (
        <li className="px-3 py-2 md:px-0">
          <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid="role">
            {ROLE_LABELS[user.role]}
          </span>
        </li>
      )}
      <li>
        {/* A parent may have no password yet: their page sets one (docs/product-parents.md). */}
        {user.role === 'parent' ? (
          <NavLink to="/parent/preferences" className={linkClass}>
            Alerts and password
          </NavLink>
        ) : (
          <NavLink to="/account/password" className={linkClass}>
            Change password
          </NavLink>
        )}
      </li>
      <li>
        <button
          type="button"
          onClick={onLogout}
          className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-100 hover:bg-brand-700/70"
        >
          Logout
        </button>
      </li>
    </>
  ) : (
    <>
      <li>
        <NavLink to="/" end className={linkClass}>
          Home
        </NavLink>
      </li>
      <li>
        <NavLink to="/about" className={linkClass}>
          About Us
        </NavLink>
      </li>
      <li>
        <NavLink to="/courses" className={linkClass}>
          Courses
        </NavLink>
      </li>
      <li>
        <NavLink to="/results" className={linkClass}>
          Results
        </NavLink>
      </li>
      <li>
        <NavLink to="/contact" className={linkClass}>
          Contact
        </NavLink>
      </li>
      <li>
        <NavLink to="/login" className={linkClass}>
          Login
        </NavLink>
      </li>
      <li>
        <NavLink
          to="/admission-request"
          className="block rounded-md bg-gold-400 px-3 py-2 text-sm font-semibold text-brand-900 hover:bg-gold-500"
        >
          Request Admission
        </NavLink>
      </li>
    </>
  );

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 bg-brand-800 text-white shadow">
        <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Link to="/" className="flex items-center gap-2 font-bold tracking-tight">
            <ScaleIcon aria-hidden="true" className="h-7 w-7 text-gold-400" />
            <span className="text-lg leading-tight">
              Law Coaching <span className="text-gold-400">Institute</span>
            </span>
          </Link>
          <ul className="hidden items-center gap-1 md:flex">{links}</ul>
          <button
            ref={menuButton}
            type="button"
            className="rounded-md p-2 hover:bg-brand-700 md:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <CloseIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
          </button>
        </nav>
        {menuOpen && (
          <ul
            id="mobile-menu"
            className="space-y-1 border-t border-brand-700 px-4 pb-4 pt-2 md:hidden [&_a]:py-3 [&_a]:text-base [&_button]:py-3 [&_button]:text-base"
          >
            {links}
          </ul>
        )}
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
