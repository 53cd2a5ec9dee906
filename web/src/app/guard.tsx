import { type ReactNode, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/spinner.tsx';
import { canOpen, isStaffRole } from '@app/common/permissions';
import { dashboardPath, useAuth } from '../lib/auth.tsx';

/**
 * docs/product.md section 6: a spinner while authentication loads; a visitor goes to /login; a user of the
 * other role goes to their own dashboard. `admin` is the back office: every staff role, each only on the
 * pages the permission table gives it (docs/product-staff.md); another page sends them to their dashboard.
 * `user` is any signed-in user. `parent` is the parent's area (docs/product-parents.md): a parent opening a
 * student's or the back office's page lands there, and a student or staff opening it lands on their own.
 */
export function RequireRole({ requires: role, children }: { requires: 'admin' | 'student' | 'parent' | 'user'; children: ReactNode }) {
  const { user, loading, token } = useAuth();
  const location = useLocation();
  // A user who signs out on this page is on the way to / (docs/product.md section 2, Logout): the sign-out
  // renders before the router's navigation does, and must not turn into a detour to /login.
  const hadUser = useRef(false);
  if (user) hadUser.current = true;
  if (loading || (token && !user)) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Checking your sign-in..." />
      </div>
    );
  }
  if (!user) return hadUser.current ? <Navigate to="/" replace /> : <Navigate to="/login" replace state={{ from: location.pathname }} />;
  // `user`: anyone signed in, whatever the role (their own account's pages).
  if (role === 'user') return <>{children}</>;
  if (role === 'admin') {
    if (!isStaffRole(user.role) || !canOpen(user.role, location.pathname)) return <Navigate to={dashboardPath(user.role)} replace />;
    return <>{children}</>;
  }
  if (user.role !== role) return <Navigate to={dashboardPath(user.role)} replace />;
  return <>{children}</>;
}
