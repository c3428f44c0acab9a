import { inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { authKit } from '../modules/auth/auth-test-kit.js';
import { createTestHerald, type TestHerald } from '../test/harness.js';
import { DEMO_TOPICS } from './topics.js';
import { DEMO_USERS, seedDemo } from './seed.js';

const started: TestHerald[] = [];
afterAll(async () => {
  for (const herald of started) await herald.close();
});

async function login(herald: TestHerald, email: string, password: string) {
  const response = await authKit(herald).post('/api/auth/login/', { email, password });
  return response;
}

describe('demo accounts', () => {
  it('are created at the first start with DEMO_PASSWORD: a demo user with topics, an admin and a superuser', async () => {
    const printed: string[] = [];
    const herald = await createTestHerald({ DEMO: 'on', DEMO_PASSWORD: 'a demo password' }, { print: (line) => printed.push(line) });
    started.push(herald);
    expect(printed.join('\n')).toContain('password: the value of DEMO_PASSWORD');
    const demo = await login(herald, 'demo@herald.test', 'a demo password');
    expect(demo.statusCode).toBe(200);
    const kit = authKit(herald);
    const topics = (await kit.get('/api/me/topics/', demo.json().access)).json().topics;
    expect(topics.map((t: { name: string }) => t.name)).toEqual(DEMO_TOPICS.map((t) => t.name));
    expect(topics.every((t: { processing: boolean }) => !t.processing)).toBe(true);
    const superuser = await login(herald, 'super@herald.test', 'a demo password');
    expect((await kit.get('/api/me/', superuser.json().access)).json()).toMatchObject({ is_superuser: true, role: 'ADMIN', account_name: 'Herald Demo' });
    const admin = await login(herald, 'admin@herald.test', 'a demo password');
    expect((await kit.get('/api/me/', admin.json().access)).json()).toMatchObject({ is_superuser: false, role: 'ADMIN' });

    // The accounts share a password, not a hash: each has its own salt.
    const hashes = await herald.database.db.select({ hash: users.passwordHash }).from(users).where(inArray(users.email, DEMO_USERS.map((u) => u.email)));
    expect(hashes).toHaveLength(DEMO_USERS.length);
    expect(new Set(hashes.map((h) => h.hash)).size).toBe(DEMO_USERS.length);

    // A later start creates nothing and prints nothing.
    const again: string[] = [];
    expect(await seedDemo(herald.database, herald.config, pino({ level: 'silent' }), (line) => again.push(line))).toBe('exists');
    expect(again).toHaveLength(0);
  });

  it('get a generated password, printed once, when DEMO_PASSWORD is unset; DEMO=off creates nothing', async () => {
    const printed: string[] = [];
    const herald = await createTestHerald({ DEMO: 'on' }, { print: (line) => printed.push(line) });
    started.push(herald);
    const password = /password: (\S+) {3}\(shown once/.exec(printed.join('\n'))?.[1];
    expect(password).toMatch(/^[a-z]+-[a-z]+-[a-z]+-[a-z]+-\d\d$/);
    expect((await login(herald, DEMO_USERS[0]!.email, password!)).statusCode).toBe(200);

    const off = await createTestHerald({ DEMO: 'off' });
    started.push(off);
    expect((await login(off, DEMO_USERS[0]!.email, password!)).statusCode).toBe(401);
  });
});
