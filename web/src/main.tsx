import './lib/zod-config.ts';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, createQueryClient } from './app/app.tsx';
import { SERVER_DATA_ID, type ServerData } from './app/server-data.ts';
import './index.css';

const queryClient = createQueryClient();
const container = document.getElementById('root') as HTMLElement;
const serverData = document.getElementById(SERVER_DATA_ID);

if (serverData) {
  // A public page the server rendered (src/entry-server.tsx): the same data first, then hydrate.
  // setQueryData stamps the data as fetched now, so no query refetches it on mount.
  const { queries } = JSON.parse(serverData.textContent ?? '') as ServerData;
  for (const { key, data } of queries) queryClient.setQueryData(key, data);
  hydrateRoot(container, <App queryClient={queryClient} router={(app) => <BrowserRouter>{app}</BrowserRouter>} hydrating />, {
    // A page that did not match its server HTML is re-rendered by React; said in the console, where the
    // journeys look for it (e2e/public-ssr.spec.ts).
    onRecoverableError: (error) => console.error('hydration:', error),
  });
} else {
  // The signed-in areas are rendered in the browser.
  createRoot(container).render(<App queryClient={queryClient} router={(app) => <BrowserRouter>{app}</BrowserRouter>} hydrating={false} />);
}
