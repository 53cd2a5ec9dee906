/** The server tells the page its environment (see server app.ts); one build serves every environment. */
const appEnv =
  typeof document === 'undefined'
    ? 'development'
    : (document.querySelector('meta[name="app-env"]')?.getAttribute('content') ?? 'development');
export const isProduction = appEnv === 'production';
