import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHerald, type TestHerald } from '../test/harness.js';
import { feedKit } from '../modules/feed/feed-test-kit.js';

/*
 * Every operation of the OpenAPI description, called with broken input: wrong types, missing and
 * unknown fields, huge strings, deep nesting, control characters, invalid UTF-8, bad path and
 * query values; as a superuser (past authentication, into validation and the handlers). No answer
 * may be a server error (503, the database being down, is not one this test can cause). Each run
 * draws CASES_PER_OPERATION of the mutations for each operation from a seeded generator: FUZZ_SEED
 * (default: the day's number, so a day's runs agree) picks them, and a failure prints its seed.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Date.now() / 86_400_000));
const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 6);

let herald: TestHerald;
let kit: ReturnType<typeof feedKit>;
beforeAll(async () => {
  herald = await createTestHerald();
  kit = feedKit(herald);
});
afterAll(async () => herald?.close());

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
}

/** mulberry32: a small seeded generator, the same draws for the same seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}

const HUGE = 'x'.repeat(200_000);
const CONTROL = 'a\u0000b\u0007c\u001bd\u202ee\uffff';
/** JSON nested `depth` levels deep, written as text (JSON.stringify itself would overflow its stack). */
const deep = (depth: number) => `${'{"a":['.repeat(depth)}"bottom"${']}'.repeat(depth)}`;
/** A value of the wrong kind for a field, or one at the edge of its kind. */
const WRONG_VALUES: unknown[] = [null, true, -1, 0, 1e308, -0.5, 'NaN', '', ' ', HUGE, CONTROL, [], [1, 'two', null], {}, { $gt: '' }, '../../etc/passwd', "' OR 1=1 --", '<script>alert(1)</script>', '\u{1F600}'.repeat(1000)];
const PATH_VALUES = ['0', '-1', 'abc', '9'.repeat(40), '1.5', '%00', '%FF%FE', encodeURIComponent(CONTROL), 'x'.repeat(2000), '00000000-0000-0000-0000-000000000000', '..%2F..%2Fetc'];

/** A plausible body from a schema: each field filled with something of its type. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return null;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return sample(alternatives[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return 'text';
  }
}

type Mutation = (op: Operation, rng: ReturnType<typeof generator>) => { payload?: string | Buffer; contentType?: string; query?: Record<string, string>; pathValue?: string };

const fieldsOf = (op: Operation) => Object.keys(op.body?.properties ?? {});
const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });
const MUTATIONS: Record<string, Mutation> = {
  'every field of the wrong kind': (op, rng) => json(Object.fromEntries(fieldsOf(op).map((f) => [f, rng.pick(WRONG_VALUES)]))),
  'one field of the wrong kind': (op, rng) => {
    const body = (sample(op.body) ?? {}) as Record<string, unknown>;
    const fields = fieldsOf(op);
    if (fields.length) body[rng.pick(fields)] = rng.pick(WRONG_VALUES);
    return json(body);
  },
  'required fields missing': () => json({}),
  'unknown fields only': () => json({ unexpected: 'field', __proto__: { admin: true }, constructor: { prototype: { x: 1 } } }),
  'a huge string in every field': (op) => json(Object.fromEntries(fieldsOf(op).map((f) => [f, HUGE]))),
  'control characters in every field': (op) => json(Object.fromEntries(fieldsOf(op).map((f) => [f, CONTROL]))),
  'deep nesting': (op, rng) => ({ payload: fieldsOf(op).length ? `{${JSON.stringify(rng.pick(fieldsOf(op)))}:${deep(3000)}}` : deep(3000), contentType: 'application/json' }),
  'invalid UTF-8': () => ({ payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x22, 0x7d]), contentType: 'application/json' }),
  'not JSON': () => ({ payload: '{"a": [1, 2,', contentType: 'application/json' }),
  'a body of another type': () => ({ payload: 'name=value&x=%FF', contentType: 'application/x-www-form-urlencoded' }),
  'a JSON array or scalar body': (_op, rng) => json(rng.pick([[1, 2, 3], 'text', 42, null])),
  'bad query values': (op, rng) => ({ query: Object.fromEntries(op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, String(rng.pick(WRONG_VALUES)).slice(0, 5000)])) }),
  'bad path values': (_op, rng) => ({ pathValue: rng.pick(PATH_VALUES) }),
};

async function operations(): Promise<Operation[]> {
  const spec = (await herald.app!.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>> }>();
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, parameters: op.parameters ?? [], body: op.requestBody?.content?.['application/json']?.schema })),
  );
}

describe('fuzzing every operation of the OpenAPI description', () => {
  it('answers broken input with a client error, never a server error', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(60);
    const rng = generator(SEED);
    const names = Object.keys(MUTATIONS);
    let su = await kit.reader({ superuser: true });
    const failures: string[] = [];
    let sent = 0;
    for (const op of ops) {
      for (let i = 0; i < CASES_PER_OPERATION; i++) {
        const name = rng.pick(names);
        const mutation = MUTATIONS[name]!(op, rng);
        const query = new URLSearchParams(mutation.query ?? {}).toString();
        const url = op.path.replace(/\{[^}]+\}/g, mutation.pathValue ?? '1') + (query ? `?${query}` : '');
        const response = await herald.app!.inject({
          method: op.method as 'GET',
          url,
          headers: { authorization: `Bearer ${su.access}`, ...(mutation.contentType ? { 'content-type': mutation.contentType } : {}) },
          ...(mutation.payload !== undefined && op.method !== 'GET' ? { payload: mutation.payload } : {}),
          remoteAddress: `10.${Math.floor(rng.next() * 250)}.${Math.floor(rng.next() * 250)}.${1 + Math.floor(rng.next() * 250)}`,
        });
        sent++;
        if (response.statusCode >= 500 && response.statusCode !== 503) failures.push(`${op.method} ${url.slice(0, 120)} (${name}): ${response.statusCode} ${response.body.slice(0, 200)}`);
        // A mutation may end the superuser's session (logout, account deletion): carry on with a new one.
        if (response.statusCode === 401 && !op.path.startsWith('/api/auth/')) su = await kit.reader({ superuser: true });
      }
    }
    expect(sent).toBe(ops.length * CASES_PER_OPERATION);
    expect(failures, `FUZZ_SEED=${SEED}`).toEqual([]);
  }, 180_000);
});
