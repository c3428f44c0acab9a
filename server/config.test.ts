import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { ROOT } from './paths.js';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      databasePoolMax: 10,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      roles: ['api', 'worker', 'scheduler'],
    });
  });

  it('finds the built web app in the project wherever the command runs; data stays in the working directory', () => {
    const config = loadConfig({});
    expect(config.webDist).toBe(path.join(ROOT, 'web/dist'));
    expect(config.dataDir).toBe(path.join(process.cwd(), 'data'));
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('reads the executives /about names, and refuses a list it cannot read', () => {
    expect(loadConfig({}).aboutExecutives).toEqual([]);
    expect(loadConfig({ ABOUT_EXECUTIVES: 'Ada Lovelace, Chief Executive Officer; Alan Turing, Chief Technology Officer' }).aboutExecutives).toEqual([
      { name: 'Ada Lovelace', title: 'Chief Executive Officer' },
      { name: 'Alan Turing', title: 'Chief Technology Officer' },
    ]);
    expect(() => loadConfig({ ABOUT_EXECUTIVES: 'Ada Lovelace' })).toThrow(/ABOUT_EXECUTIVES/);
  });

  it('refuses a plain-http sign-on issuer unless OIDC_ALLOW_HTTP=1 says it is for development', () => {
    const oidc = { OIDC_CLIENT_ID: 'herald', OIDC_CLIENT_SECRET: 'a-long-client-secret' };
    expect(() => loadConfig({ ...oidc, OIDC_ISSUER: 'http://idp.example.com' })).toThrow(/OIDC_ISSUER=.*expected an https address \(set OIDC_ALLOW_HTTP=1/);
    expect(loadConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:4000', OIDC_ALLOW_HTTP: '1' }).oidc?.issuer).toBe('http://127.0.0.1:4000');
    expect(loadConfig({ ...oidc, OIDC_ISSUER: 'https://idp.example.com' }).oidc?.issuer).toBe('https://idp.example.com');
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '  ', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', /PORT="abc" is invalid: expected/],
    ['PORT', '70000', /PORT="70000" is invalid: expected a port from 0 to 65535/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL="mysql:\/\/x" is invalid: expected a URL starting with postgres:\/\/ or postgresql:\/\//],
    ['DATABASE_POOL_MAX', '0', /DATABASE_POOL_MAX="0" is invalid: expected from 1 to 100/],
    ['DATABASE_POOL_MAX', 'many', /DATABASE_POOL_MAX="many" is invalid/],
    ['SMTP_URL', 'not a url', /SMTP_URL="not a url" is invalid/],
    ['PUBLIC_URL', 'ftp://x', /PUBLIC_URL="ftp:\/\/x" is invalid/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL="loud" is invalid/],
    ['HERALD_ROLES', 'api,cook', /HERALD_ROLES="api,cook" is invalid: expected a comma-separated list of api, worker, scheduler/],
  ])('names %s and what it expects when it is %s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('reports every invalid variable at once', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'y' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });

  it('parses roles, drops duplicates and trims', () => {
    expect(loadConfig({ HERALD_ROLES: ' worker , scheduler,worker' }).roles).toEqual(['worker', 'scheduler']);
  });

  it('derives PUBLIC_URL from the port and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://herald.example.com/' }).publicUrl).toBe('https://herald.example.com');
  });

  it('sells nothing unless BILLING_PROVIDER=stripe, which needs its keys and keeps the fake API out of production', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_x' })).toThrow('BILLING_PROVIDER=stripe: STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID are required too');
    const keys = { BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_ID: 'price_x' };
    expect(loadConfig(keys).stripe).toEqual({ secretKey: 'sk_x', webhookSecret: 'whsec_x', priceId: 'price_x', planName: 'Herald', apiUrl: undefined });
    expect(() => loadConfig({ ...keys, NODE_ENV: 'production', STRIPE_API_URL: 'http://127.0.0.1:9' })).toThrow('STRIPE_API_URL is for tests');
    expect(() => loadConfig({ BILLING_PROVIDER: 'paypal' })).toThrow('none (self-hosted: usage and budgets only) or stripe');
  });
});
