import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
const db = new PGlite('/tmp/e2e/data/pglite', { extensions: { vector } });
console.log((await db.query(`SELECT name, count(*)::int n, round(avg(extract(epoch from completed_on - started_on))::numeric, 2) avg_s, round(sum(extract(epoch from completed_on - started_on))::numeric, 0) total_s, max(data::text) FILTER (WHERE false) x FROM pgboss.job WHERE state='completed' GROUP BY 1 ORDER BY total_s DESC`)).rows.map((r: any) => `${r.name} n=${r.n} avg=${r.avg_s}s total=${r.total_s}s`).join('\n'));
console.log((await db.query(`SELECT jsonb_array_length(data->'eventIds') k, count(*)::int FROM pgboss.job WHERE name='pipeline-article' GROUP BY 1`)).rows);
await db.close();
