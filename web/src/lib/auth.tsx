import type { User } from '@app/common/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError, api } from './api-client.ts';
import { forgetSignOutReason, rememberSignOutReason } from './sign-out-reason.ts';
import { tokenStore } from './token-store.ts';

// Auth state of docs/product.md section 3: user, token, isAuthenticated, loading, error.
type AuthState = {
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
  login: (email: string, password: string, remember: boolean) => Promise<User>;
  /**
   * A sign-in answered by another route ({ token, user } as the login's): a parent's code or password
   * (docs/product-parents.md "Signing in"). The caller shows the route's error itself.
   */
  signInWith: (path: string, body: unknown, remember: boolean) => Promise<User>;
  logout: () => void;
  clearError: () => void;
  refreshProfile: () => Promise<void>;
  /** The server ended every other session and gave this one a fresh token (a password change). */
  renewToken: (token: string) => void;
};

const AuthContext = createContext<AuthState | null>(null);

/**
 * `hydrating`: the page came rendered by the server, where nobody is signed in (src/entry-server.tsx). The
 * first render must be that visitor's so hydration matches; the stored token is read right after it.
 */
export function AuthProvider({ children, hydrating = false }: { children: ReactNode; hydrating?: boolean }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => (hydrating ? null : tokenStore.get()));
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState<boolean>(() => !hydrating && tokenStore.get() !== null);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the hydrating render
  useEffect(() => {
    if (hydrating) setToken(tokenStore.get());
  }, []);

  const logout = useCallback(() => {
    // The server revokes this token (docs/product.md section 4); the call reads the token before it is cleared.
    if (tokenStore.get()) api('/api/auth/logout', { method: 'POST', skipAuthRedirect: true }).catch(() => {});
    tokenStore.clear();
    setToken(null);
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  const refreshProfile = useCallback(async () => {
    const data = await api<{ user: User }>('/api/auth/profile');
    setUser(data.user);
  }, []);

  // On load with a stored token the profile is fetched; if that fails the user is logged out (docs/product.md section 4).
  useEffect(() => {
    if (!token || user) return;
    let cancelled = false;
    setLoading(true);
    api<{ user: User }>('/api/auth/profile', { skipAuthRedirect: true })
      .then((data) => {
        if (!cancelled) setUser(data.user);
      })
      .catch((err) => {
        // A token the server ended says why, for the sign-in page (an unreachable server says nothing).
        if (err instanceof ApiError && err.status === 401) rememberSignOutReason(err.reason);
        if (!cancelled) {
          tokenStore.clear();
          setToken(null);
          setUser(null);
        }
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [token, user]);

  const login = useCallback(async (email: string, password: string, remember: boolean) => {
    setLoading(true);
    setError(null);
    try {
      const data = await api<{ token: string; user: User }>('/api/auth/login', {
        method: 'POST',
        body: { email, password },
        skipAuthRedirect: true,
      });
      tokenStore.set(data.token, remember);
      forgetSignOutReason();
      setToken(data.token);
      setUser(data.user);
      return data.user;
    } catch (err) {
      // docs/product.md section 8: server message, else the error text, else 'Login failed'.
      const message = err instanceof ApiError ? err.message : err instanceof Error && err.message ? err.message : 'Login failed';
      setError(message || 'Login failed');
      throw err;
    } finally {
      setLoading(false);
    }
  }, []);

  const signInWith = useCallback(async (path: string, body: unknown, remember: boolean) => {
    setError(null);
    const data = await api<{ token: string; user: User }>(path, { method: 'POST', body, skipAuthRedirect: true });
    tokenStore.set(data.token, remember);
    forgetSignOutReason();
    setToken(data.token);
    setUser(data.user);
    return data.user;
  }, []);

  const renewToken = useCallback((fresh: string) => {
    tokenStore.replace(fresh);
    setToken(fresh);
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      user,
      token,
      isAuthenticated: Boolean(token && user),
      loading,
      error,
      login,
      signInWith,
      logout,
      clearError: () => setError(null),
      refreshProfile,
      renewToken,
    }),
    [user, token, loading, error, login, signInWith, logout, refreshProfile, renewToken],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}

/**
 * Staff of every role work in the back office (docs/product-staff.md); a student in their own area; a parent
 * in the parent's area (docs/product-parents.md).
 */
export const dashboardPath = (role: User['role'] | undefined) =>
  role === 'parent' ? '/parent' : role && role !== 'student' ? '/admin/dashboard' : '/student/dashboard';
