import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { readFileSync } from 'node:fs';
const db = new PGlite('/tmp/e2e/data/pglite', { extensions: { vector } });
const labels = new Map(readFileSync('/work/shared/data/newswire/reuters_1987_03_09-20.jsonl', 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).map((s) => [s.doc_id, s.labels as string[]]));
const map: Record<string, string[]> = { 'Sugar market': ['sugar'], 'Gold prices': ['gold'], 'Shipping and ports': ['ship'], 'Corporate earnings results': ['earn'], 'Jobs and unemployment': ['jobs'], 'Natural gas': ['nat-gas'], 'Money supply': ['money-supply'] };
const stored = (await db.query<{ external_id: string }>(`SELECT d.external_id FROM documents d JOIN sources s ON s.id = d.source_id WHERE s.kind = 'feed'`)).rows.map((r) => r.external_id);
console.log('newswire stories stored', stored.length);
console.log((await db.query(`SELECT name, state, count(*)::int FROM pgboss.job WHERE state <> 'completed' GROUP BY 1,2 ORDER BY 1`)).rows);
const tot = { tp: 0, fp: 0, fn: 0, dtp: 0, dfp: 0 };
for (const [name, labs] of Object.entries(map)) {
  const rows = (await db.query<any>(`SELECT d.external_id, e.status, e.article_generated, e.merged_into_id, e.novel FROM events e JOIN topics t ON t.id = e.topic_id JOIN documents d ON d.id = e.document_id JOIN sources s ON s.id = d.source_id WHERE t.name = $1 AND s.kind = 'feed'`, [name])).rows;
  const rel = new Set(stored.filter((id) => labels.get(id)!.some((l) => labs.includes(l))));
  const detected = rows.filter((r) => r.status === 'detected');
  const articles = rows.filter((r) => r.article_generated);
  const tp = articles.filter((r) => rel.has(r.external_id)).length, fp = articles.length - tp;
  const dtp = detected.filter((r) => rel.has(r.external_id)).length;
  tot.tp += tp; tot.fp += fp; tot.fn += rel.size - tp; tot.dtp += dtp; tot.dfp += detected.length - dtp;
  const [m] = (await db.query<any>(`SELECT relevance_model->>'basis' AS basis, relevance_model->>'bar' AS bar, relevance_model->>'lastDocumentId' AS last FROM topics WHERE name = $1`, [name])).rows;
  console.log(name.padEnd(28), `relevant ${rel.size} | pairs ${rows.length} | detected ${detected.length} (rel ${dtp}) | articles ${articles.length} (rel ${tp}) | merged ${rows.filter((r) => r.merged_into_id).length} | known ${rows.filter((r) => r.novel === false).length}`, JSON.stringify(m));
}
const f = (tp: number, fp: number, fn: number) => { const P = tp / (tp + fp), R = tp / (tp + fn); return `P ${P.toFixed(3)} R ${R.toFixed(3)} F1 ${((2 * P * R) / (P + R)).toFixed(3)}`; };
console.log('articles micro', f(tot.tp, tot.fp, tot.fn), '| detection micro', f(tot.dtp, tot.dfp, tot.fn + tot.tp - tot.dtp));
await db.close();
