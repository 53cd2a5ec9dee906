import pg from 'pg';
const big = JSON.stringify(Array.from({ length: 120 }, (_, i) => ({ questionId: crypto.randomUUID(), selectedOption: i % 4, textAnswer: null, marksObtained: 1 })));
console.log('param bytes', big.length);
for (const host of ['127.0.0.1', '/var/run/postgresql']) {
  for (const size of [10, big.length]) {
    const p = big.slice(0, size);
    const pool = new pg.Pool({ host, user: 'postgres', database: 'postgres', max: 20 });
    await Promise.all(Array.from({ length: 20 }, () => pool.query({ name: 'b', text: 'select length($1::text)', values: [p] })));
    const t0 = performance.now(); let n = 0; const cpu0 = process.cpuUsage();
    await Promise.all(Array.from({ length: 50 }, async () => { while (performance.now() - t0 < 2000) { await pool.query({ name: 'b', text: 'select length($1::text)', values: [p] }); n++; } }));
    const cpu = process.cpuUsage(cpu0);
    console.log(host, size, Math.round(n / 2), 'q/s; node cpu/query', ((cpu.user + cpu.system) / n).toFixed(0), 'us (sys', (cpu.system / n).toFixed(0), ')');
    await pool.end();
  }
}
