// node bench/profile-summary.mjs FILE.cpuprofile [N] [FROM-S TO-S]: the functions with the most self time in a
// V8 CPU profile (as written by BENCH_CPU_PROFILE=1), and the same summed per source file; FROM-S and TO-S
// (seconds before the profile's end) keep one window, such as the submit barrier just before the server stopped.
import fs from 'node:fs';

const [file, top = '40', fromS, toS] = process.argv.slice(2);
const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = prof.timeDeltas;
const at = [];
let clock = prof.startTime;
for (let i = 0; i < prof.samples.length; i++) {
  clock += dt[i] ?? 0;
  at.push(clock);
}
const inWindow = (t) => fromS === undefined || (t >= prof.endTime - Number(fromS) * 1e6 && t <= prof.endTime - Number(toS ?? 0) * 1e6);
for (let i = 0; i < prof.samples.length; i++) {
  if (inWindow(at[i])) self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (dt[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const fnTimes = new Map();
const fileTimes = new Map();
for (const [id, us] of self) {
  const { callFrame: f } = byId.get(id);
  const short = f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(server|common)\//, '$1/');
  const key = `${f.functionName || '(anonymous)'}  ${short}:${f.lineNumber + 1}`;
  fnTimes.set(key, (fnTimes.get(key) ?? 0) + us);
  const pkg =
    short
      .split('/')
      .slice(0, short.startsWith('@') ? 2 : 1)
      .join('/') || f.functionName;
  fileTimes.set(pkg, (fileTimes.get(pkg) ?? 0) + us);
}
const show = (m) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(top))
    .forEach(([k, us]) => {
      console.log(`${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
    });
console.log(`total sampled ${(total / 1000).toFixed(0)} ms\n\nby function`);
show(fnTimes);
console.log('\nby package or file');
show(fileTimes);
