import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { expect } from 'vitest';
import type { TestHerald } from '../../test/harness.js';

export const OIDC_CLIENT = { OIDC_CLIENT_ID: 'herald', OIDC_CLIENT_SECRET: 'a-long-client-secret-for-tests', OIDC_NAME: 'Acme ID' };

/**
 * A real OpenID provider on loopback (oidc-provider, with its development login and consent
 * screens) that knows `people` (login name -> claims) and sends them back to `publicUrl`. Give
 * Herald PUBLIC_URL = publicUrl and `env`.
 */
export async function startOidcProvider(publicUrl: string, people: Record<string, Record<string, unknown>>) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: OIDC_CLIENT.OIDC_CLIENT_ID, client_secret: OIDC_CLIENT.OIDC_CLIENT_SECRET, redirect_uris: [`${publicUrl}/api/auth/oidc/callback/`], grant_types: ['authorization_code'], response_types: ['code'] }],
    findAccount: async (_ctx, id) => (people[id] ? { accountId: id, claims: async () => ({ sub: id, ...people[id] }) } : undefined),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    pkce: { required: () => true },
    cookies: { keys: ['a-cookie-key-for-tests'] },
  });
  // Composed at the first request, so a test may add middleware (provider.use) after start.
  let handle: ReturnType<Provider['callback']> | undefined;
  server.on('request', (request, response) => (handle ??= provider.callback())(request, response));

  /**
   * Signs in at the provider as `who`, driven as a browser would (redirects followed, cookies kept
   * per host), from Herald's start to its callback; answers where Herald sent the browser.
   */
  async function signInAs(herald: TestHerald, who: string, options: { tamperState?: boolean } = {}): Promise<URL> {
    const start = await herald.app!.inject({ method: 'GET', url: '/api/auth/oidc/start/' });
    expect(start.statusCode).toBe(302);
    const heraldCookie = String(start.headers['set-cookie']).split(';')[0]!;
    let location = String(start.headers.location);
    const authorize = new URL(location);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const jar = new Map<string, string>();
    const cookies = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = pair!.split('=');
        jar.set(name!, value.join('='));
      }
    };
    for (let step = 0; step < 20 && !location.startsWith(publicUrl); step++) {
      const response = await fetch(new URL(location, issuer), { redirect: 'manual', headers: { cookie: cookies() } });
      keep(response);
      if (response.status >= 300 && response.status < 400) {
        location = response.headers.get('location')!;
        continue;
      }
      const page = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
      if (!action || !prompt) throw new Error(`unexpected provider page: ${page.slice(0, 300)}`);
      const form = new URLSearchParams(prompt === 'login' ? { prompt, login: who, password: 'any' } : { prompt });
      const posted = await fetch(new URL(action.replace(/&amp;/g, '&'), issuer), { method: 'POST', redirect: 'manual', body: form, headers: { cookie: cookies(), 'content-type': 'application/x-www-form-urlencoded' } });
      keep(posted);
      location = posted.headers.get('location')!;
    }
    const callback = new URL(location);
    const cookie = options.tamperState ? 'herald_oidc=someone-else' : heraldCookie;
    const back = await herald.app!.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie } });
    expect(back.statusCode).toBe(302);
    return new URL(String(back.headers.location));
  }

  return {
    issuer,
    provider,
    /** Herald's settings for this provider. */
    env: { OIDC_ISSUER: issuer, OIDC_ALLOW_HTTP: '1', ...OIDC_CLIENT },
    signInAs,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
