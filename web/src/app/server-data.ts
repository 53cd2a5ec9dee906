import type { QueryKey } from '@tanstack/react-query';

/**
 * The data a server-rendered page was rendered with, in the page as
 * `<script type="application/json" id="server-data">` (not executable, so the strict CSP holds: docs/
 * decisions/0023-public-pages-rendered-on-the-server.md). The browser puts it into its query cache before
 * hydrating, so the first render shows the same data and nothing is fetched twice.
 */
export type ServerData = { queries: { key: QueryKey; data: unknown }[] };

export const SERVER_DATA_ID = 'server-data';

/** JSON safe inside a <script> element: `<` is written as \u003c, so no `</script>` or `<!--` can close or open anything. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
