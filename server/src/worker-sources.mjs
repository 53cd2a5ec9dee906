// The worker threads' entry when the server runs from its TypeScript sources (the tests, `npm run dev`):
// tsx compiles worker.ts and what it imports, as it does for the main thread of `npm run dev`. The
// bundle `npm start` runs has its own compiled worker.mjs (scripts/build-server.mjs) and needs none of this.
import { register } from 'tsx/esm/api';

register();
const { default: runTask } = await import('./worker.ts');
export default runTask;
