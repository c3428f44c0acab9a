import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
const db = new PGlite('/tmp/e2e/data/pglite', { extensions: { vector } });
console.log((await db.query(`SELECT date_trunc('minute', article_generated_at) m, count(*)::int FROM events WHERE article_generated GROUP BY 1 ORDER BY 1`)).rows.map((r: any) => `${r.m?.toISOString?.().slice(11,16)} ${r.count}`).join(' | '));
console.log((await db.query(`SELECT name, state, count(*)::int, min(created_on) c, max(completed_on) d FROM pgboss.job GROUP BY 1,2 ORDER BY 1`)).rows.map((r: any) => `${r.name} ${r.state} ${r.count}`).join('\n'));
console.log((await db.query(`SELECT user_id, count(*)::int FROM events WHERE status='detected' GROUP BY 1`)).rows);
await db.close();
