import autocannon from 'autocannon';
import { createDatabase, startServer, ADMIN } from './lib/common.mjs';
import { request } from './lib/http.mjs';
import { createClatPaper } from './lib/storm-paper.mjs';
const db = await createDatabase(process.argv[2] ?? 'postgres', 'micro');
const server = await startServer(db);
try {
  const exam = await createClatPaper(server.base, 60);
  const email = `micro${Date.now()}@example.com`;
  // a student via the admin's create? use the signup-less path: insert via admin API is complex; use the demo student
  const { hash } = await import('@node-rs/argon2');
  const { openSql } = await import('./lib/sql.mjs');
  const sql = await openSql(db);
  await sql.query(`insert into users (first_name,last_name,email,role,password_hash,centre_id) values ('M','S',$1,'student',$2,'dumdum')`, [email, await hash('Micro-pass-2024', { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 })]);
  await sql.close();
  const demo = await request(server.base, 'POST', '/api/auth/login', { body: { email, password: 'Micro-pass-2024' } });
  console.log('demo login', demo.status, JSON.stringify(demo.body).slice(0, 200));
  const token = demo.body.token;
  const st = await request(server.base, 'POST', `/api/exams/${exam.id}/attempt`, { token });
  console.log('start', st.status);
  const run = (title, opts) => new Promise((res) => autocannon({ url: server.base, connections: 50, duration: 8, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br', 'content-type': 'application/json' }, ...opts }, (e, r) => { console.log(title, Math.round(r.requests.average), 'req/s', 'p99', r.latency.p99, 'non2xx', r.non2xx); res(); }));
  await run('health', { path: '/api/health' });
  await run('auth/me', { path: '/api/auth/me' });
  await run('paper', { path: `/api/exams/${exam.id}` });
  await run('start(resume)', { method: 'POST', path: `/api/exams/${exam.id}/attempt` });
  const answers = Object.fromEntries(exam.questions.slice(0, 60).map((q, i) => [q.id, i % 4]));
  const timeSpent = Object.fromEntries(exam.questions.slice(0, 60).map((q, i) => [q.id, 1]));
  await run('save(60 answers+times)', { method: 'PUT', path: `/api/exams/${exam.id}/attempt/answers`, body: JSON.stringify({ answers, timeSpent, review: [exam.questions[0].id], currentQuestion: exam.questions[3].id }) });
  await run('save(3 answers)', { method: 'PUT', path: `/api/exams/${exam.id}/attempt/answers`, body: JSON.stringify({ answers: Object.fromEntries(Object.entries(answers).slice(0,3)) }) });
} finally {
  await server.stop();
  await db.drop();
}
