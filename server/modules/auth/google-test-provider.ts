import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in knows about a token. */
export interface FakeGoogleToken {
  aud: string;
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
}

/**
 * A stand-in for Google's tokeninfo and userinfo endpoints, on loopback: start it, give Herald
 * GOOGLE_CLIENT_ID = clientId and GOOGLE_API_URL = url, and mint tokens for people.
 */
export async function startGoogleProvider(clientId: string) {
  const tokens = new Map<string, FakeGoogleToken>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, 'http://localhost');
    const token = url.pathname === '/oauth2/v3/tokeninfo' ? url.searchParams.get('access_token') : request.headers.authorization?.replace(/^Bearer /, '');
    const known = token ? tokens.get(token) : undefined;
    if (!known) {
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_token"}');
      return;
    }
    const body = url.pathname === '/oauth2/v3/tokeninfo' ? { aud: known.aud, azp: known.aud, sub: known.sub, expires_in: 3000 } : known;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** A Google account's token for `email` (its subject is `g-<token>`). */
    mint(email: string, overrides: Partial<FakeGoogleToken> = {}): string {
      const token = `tok-${Math.random().toString(36).slice(2)}`;
      tokens.set(token, { aud: clientId, sub: `g-${token}`, email, email_verified: true, given_name: 'Katherine', family_name: 'Johnson', ...overrides });
      return token;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
