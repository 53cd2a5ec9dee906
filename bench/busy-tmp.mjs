import fs from 'node:fs';
const prof = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const idle = new Set(prof.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
const per = new Map();
for (let i = 0, t = prof.startTime; i < prof.samples.length; i++) {
  t += prof.timeDeltas[i];
  const sec = Math.floor((prof.endTime - t) / 1e6);
  if (!idle.has(prof.samples[i])) per.set(sec, (per.get(sec) ?? 0) + prof.timeDeltas[i]);
}
console.log([...per].sort((a, b) => b[0] - a[0]).map(([s, us]) => `${s}:${Math.round(us / 1e4)}`).join(' '));
