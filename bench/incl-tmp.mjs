import fs from 'node:fs';
const [file, fromS, toS] = process.argv.slice(2);
const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
let total = 0;
for (let i = 0, t = prof.startTime; i < prof.samples.length; i++) {
  t += prof.timeDeltas[i];
  if (t < prof.endTime - fromS * 1e6 || t > prof.endTime - toS * 1e6) continue;
  const dt = prof.timeDeltas[i]; total += dt;
  const seen = new Set();
  for (let id = prof.samples[i]; id; id = parent.get(id)) {
    const f = byId.get(id).callFrame;
    const k = `${f.functionName || '(anon)'} ${f.url.split('/').slice(-1)[0]}:${f.lineNumber + 1}`;
    if (seen.has(k)) continue; seen.add(k);
    incl.set(k, (incl.get(k) ?? 0) + dt);
  }
}
console.log('total', Math.round(total / 1000));
for (const [k, us] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log(String(Math.round(us / 1000)).padStart(6), k);
