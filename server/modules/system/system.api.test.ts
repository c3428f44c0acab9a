import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COLLECTIONS, ZErrorBody, ZHealthResponse, ZInitResponse } from '../../../contract/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';

let herald: TestHerald;

// A route that exists only in this test, to exercise the shared validation and error paths.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/probe/',
    { schema: { body: z.object({ name: z.string().min(2, 'Name is too short'), age: z.number().int(), tags: z.array(z.string()).optional() }) } },
    async (request) => ({ ok: request.body.name }),
  );
  app.get('/probe/boom/', async () => {
    throw new Error('secret internal detail');
  });
  app.get('/probe/db-down/', async () => {
    throw new Error('query failed', { cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' }) });
  });
};

beforeAll(async () => {
  herald = await createTestHerald();
  await herald.app!.register(probeRoutes, { prefix: '/api' });
});
afterAll(async () => herald?.close());

describe('system calls', () => {
  it('GET /api/health reports the database, migrations, pgvector and queue', async () => {
    const response = await herald.app!.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = ZHealthResponse.parse(response.json());
    expect(body.database.kind).toBe(herald.label);
    expect(body.database.migrations.applied).toBeGreaterThanOrEqual(1);
    expect(body.database.migrations.latest).toMatch(/^\d{4}_/);
    expect(body.queue.running).toBe(true);
    expect(body.roles).toEqual(['api', 'worker', 'scheduler']);
    // PGlite always bundles pgvector; a server may lack it, and then health says degraded.
    if (herald.label === 'pglite') expect(body.database.pgvector).toBe(true);
    expect(body.status).toBe(body.database.pgvector ? 'ok' : 'degraded');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('GET /api/init/ lists the fixed sources, industries and version without a token', async () => {
    const response = await herald.app!.inject({ method: 'GET', url: '/api/init/' });
    expect(response.statusCode).toBe(200);
    const body = ZInitResponse.parse(response.json());
    expect(body.sources.map((s) => s.name)).toEqual(COLLECTIONS.map((c) => c.name));
    expect(body.sources.filter((s) => s.topic_selectable)).toHaveLength(8);
    expect(body.sources.filter((s) => s.search_filter)).toHaveLength(9);
    expect(body.industries.length).toBeGreaterThan(10);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.google_client_id).toBeNull();
    // No ABOUT_EXECUTIVES: /about shows placeholders.
    expect(body.executives).toEqual([]);
    expect(response.headers['cache-control']).toContain('max-age=86400');
  });

  it('keeps a sane incoming request id and replaces a hostile one', async () => {
    const kept = await herald.app!.inject({ method: 'GET', url: '/api/init/', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await herald.app!.inject({ method: 'GET', url: '/api/init/', headers: { 'x-request-id': 'a b\nc' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const response = await herald.app!.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/init/']));
  });
});

describe('error shapes', () => {
  it('answers an unknown /api route with a 404 JSON error', async () => {
    const response = await herald.app!.inject({ method: 'GET', url: '/api/no/such/thing/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(ZErrorBody.parse(response.json())).toMatchObject({ code: 'not_found' });
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const response = await herald.app!.inject({ method: 'POST', url: '/api/probe/', headers: { 'content-type': 'application/json' }, payload: '{"name": ' });
    expect(response.statusCode).toBe(400);
    expect(ZErrorBody.parse(response.json())).toMatchObject({ code: 'invalid_json' });
  });

  it('refuses text with a NUL character or broken Unicode with 400 invalid_text, in a body, a query or a key', async () => {
    for (const payload of ['{"name": "a\\u0000b"}', '{"name": "\\ud800x"}', '{"a\\u0000": 1}', '{"deep": [[[{"name": "\\udc00"}]]]}']) {
      const response = await herald.app!.inject({ method: 'POST', url: '/api/probe/', headers: { 'content-type': 'application/json' }, payload });
      expect(response.statusCode, payload).toBe(400);
      expect(ZErrorBody.parse(response.json()), payload).toMatchObject({ code: 'invalid_text' });
    }
    const query = await herald.app!.inject({ method: 'GET', url: '/api/health?q=%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ code: 'invalid_text' });
    // Bytes that are not UTF-8 in a query: not a 500.
    expect((await herald.app!.inject({ method: 'GET', url: '/api/health?q=%FF%FE' })).statusCode).toBeLessThan(500);
    // A paired surrogate (an emoji) is text like any other.
    expect((await herald.app!.inject({ method: 'POST', url: '/api/probe/', payload: { name: 'ok 😀' } })).json().code).not.toBe('invalid_text');
  });

  it('answers a schema failure with 400 validation_failed and per-field messages', async () => {
    const response = await herald.app!.inject({ method: 'POST', url: '/api/probe/', payload: { name: 'x', age: 'old', tags: ['ok', 3] } });
    expect(response.statusCode).toBe(400);
    const body = ZErrorBody.parse(response.json());
    expect(body.code).toBe('validation_failed');
    expect(body.fields?.name).toEqual(['Name is too short']);
    expect(body.fields?.age?.[0]).toBeTruthy();
    expect(body.fields?.['tags.1']?.[0]).toBeTruthy();
  });

  it('answers a valid body normally', async () => {
    const response = await herald.app!.inject({ method: 'POST', url: '/api/probe/', payload: { name: 'Ada', age: 36 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: 'Ada' });
  });

  it('answers an unexpected failure with 500 internal_error and no internals', async () => {
    const response = await herald.app!.inject({ method: 'GET', url: '/api/probe/boom/' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'An unexpected error occurred.', code: 'internal_error' });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('stack');
  });

  it('answers a database that cannot be reached with 503 service_unavailable, naming no host', async () => {
    const response = await herald.app!.inject({ method: 'GET', url: '/api/probe/db-down/' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'service_unavailable' });
    expect(response.body).not.toContain('10.0.0.5');
  });
});
