import pg from 'pg';
for (const host of ['127.0.0.1', process.env.SOCKDIR ?? '/var/run/postgresql']) {
  for (const named of [false, true]) {
    const pool = new pg.Pool({ host, user: 'postgres', database: 'postgres', max: 20 });
    const q = named ? { name: 'x', text: 'select id, email, role from pg_roles r, (select $1::text as id, $1::text as email, $1::text as role) t limit 1' } : { text: 'select id, email, role from pg_roles r, (select $1::text as id, $1::text as email, $1::text as role) t limit 1' };
    await Promise.all(Array.from({ length: 20 }, () => pool.query({ ...q, values: ['a'] })));
    const t0 = performance.now(); let n = 0;
    const cpu0 = process.cpuUsage();
    await Promise.all(Array.from({ length: 50 }, async () => { while (performance.now() - t0 < 3000) { await pool.query({ ...q, values: ['a'] }); n++; } }));
    const cpu = process.cpuUsage(cpu0);
    console.log(host, named ? 'named' : 'unnamed', Math.round(n / 3), 'q/s; node cpu per query', ((cpu.user + cpu.system) / n).toFixed(0), 'us');
    await pool.end();
  }
}
