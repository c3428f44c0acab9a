import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { authKit } from './auth-test-kit.js';

let herald: TestHerald;
let kit: ReturnType<typeof authKit>;
beforeAll(async () => {
  herald = await createTestHerald();
  kit = authKit(herald);
});
afterAll(async () => herald?.close());

describe('rate limits', () => {
  it('blocks repeated logins for one address from one IP with 429 and Retry-After; the owner still logs in from elsewhere', async () => {
    const { email } = await kit.signedIn();
    const attacker = '127.9.9.9';
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await kit.post('/api/auth/login/', { email, password: `guess ${i}` }, undefined, attacker));
    expect(answers.slice(0, 10).every((a) => a.statusCode === 401)).toBe(true);
    const blocked = answers[10]!;
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password is refused from the blocked IP...
    expect((await kit.post('/api/auth/login/', { email, password: kit.PASSWORD }, undefined, attacker)).statusCode).toBe(429);
    // ...but the owner, elsewhere, is not locked out.
    expect((await kit.post('/api/auth/login/', { email, password: kit.PASSWORD }, undefined, '127.1.2.3')).statusCode).toBe(200);
  });

  it('limits registrations per IP', async () => {
    const ip = '127.8.8.8';
    const statuses = [];
    for (let i = 0; i < 21; i++) {
      const response = await kit.post('/api/auth/register/', { first_name: 'A', last_name: 'B', email: kit.newEmail(), password: kit.PASSWORD }, undefined, ip);
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('limits resend and reset requests per IP and address', async () => {
    const { email } = await kit.register();
    const ip = '127.7.7.7';
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await kit.post('/api/auth/reset/', { email }, undefined, ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
