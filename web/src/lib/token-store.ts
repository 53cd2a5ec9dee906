const KEY = 'token';

/** "Remember me" keeps the token in local storage; otherwise it lives for the browser session only. */
export const tokenStore = {
  get(): string | null {
    // The server renders the public pages with nobody signed in (src/entry-server.tsx).
    if (typeof window === 'undefined') return null;
    return localStorage.getItem(KEY) ?? sessionStorage.getItem(KEY);
  },
  set(token: string, remember: boolean) {
    this.clear();
    (remember ? localStorage : sessionStorage).setItem(KEY, token);
  },
  /** A new token for the same sign-in (after a password change), kept where the old one was. */
  replace(token: string) {
    (localStorage.getItem(KEY) !== null ? localStorage : sessionStorage).setItem(KEY, token);
  },
  clear() {
    localStorage.removeItem(KEY);
    sessionStorage.removeItem(KEY);
  },
};
