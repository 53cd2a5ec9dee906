// CPU seconds used so far by the load generator (this process), each server process and every PostgreSQL
// process, read from /proc: the storm prints where the two cores went in each of its moments.
import fs from 'node:fs';

const TICK = 100; // USER_HZ on Linux

/**
 * utime + stime; with `reaped`, also the CPU of its children that have exited and been waited for. With
 * `thread`, of that one thread of the process (its main thread: the process id).
 */
function procSeconds(pid, reaped = false, thread = null) {
  try {
    const stat = thread === null ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
    const fields = fs.readFileSync(stat, 'utf8').split(') ')[1].split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (reaped ? own + Number(fields[13]) + Number(fields[14]) : own) / TICK; // + cutime + cstime
  } catch {
    return 0;
  }
}

/**
 * PostgreSQL's processes: the backends answering queries, and its own background work (autovacuum,
 * checkpointer, WAL writer, background writer), which a storm of writes sets off and which shares the cores.
 */
function postgresSeconds() {
  let total = 0;
  let background = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      // A backend that exits (a closed connection) takes its CPU with it, but the postmaster reaps it and
      // its CPU moves into the postmaster's children's time: counted so, the total never goes backwards.
      const seconds = procSeconds(pid, true);
      total += seconds;
      const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // Its title is "postgres: [cluster: ]role", such as "postgres: 15/main: checkpointer" on Debian.
      if (/^postgres: (?:[^:]*: )?(autovacuum|checkpointer|walwriter|background writer|logical replication)/.test(title))
        background += seconds;
    } catch {
      // gone
    }
  }
  return { total, background };
}

/** A snapshot: { generator, servers, serversMain, postgres, postgresBackground } in CPU seconds. */
export function cpuSnapshot(serverPids) {
  const u = process.cpuUsage();
  const pg = postgresSeconds();
  return {
    at: performance.now(),
    generator: (u.user + u.system) / 1e6,
    servers: serverPids.reduce((a, pid) => a + procSeconds(pid), 0),
    // A server's JavaScript runs on its main thread alone; V8's helper threads (garbage collection, compiling)
    // make up the rest of its CPU.
    serversMain: serverPids.reduce((a, pid) => a + procSeconds(pid, false, pid), 0),
    postgres: pg.total,
    postgresBackground: pg.background,
  };
}

/** The CPU seconds each used between two snapshots, and the wall time. */
export function cpuBetween(a, b) {
  const r = (x) => Math.round(x * 100) / 100;
  return {
    wallSeconds: r((b.at - a.at) / 1000),
    generator: r(b.generator - a.generator),
    servers: r(b.servers - a.servers),
    serversMain: r(b.serversMain - a.serversMain),
    postgres: r(b.postgres - a.postgres),
    postgresBackground: r(b.postgresBackground - a.postgresBackground),
  };
}
