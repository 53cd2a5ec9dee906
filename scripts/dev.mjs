// `npm run dev`: the API on :3000 and Vite with hot reload on :5173 (proxying /api).
import { spawn } from 'node:child_process';

const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite', 'web'], { stdio: 'inherit' }),
];
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    for (const p of procs) p.kill(sig);
  });
