import type { Config } from '../config.js';

export interface GoogleIdentity {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

const TIMEOUT_MS = 10_000;

async function getJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown> | undefined> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) return undefined;
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * Verifies a Google access token from the browser's popup flow on the server: the token must
 * have been issued to our client id (tokeninfo `aud`), and the profile must carry a verified
 * email. Anything else, including an unreachable provider, is no identity.
 */
export async function verifyGoogleToken(config: Config, token: string): Promise<GoogleIdentity | undefined> {
  const { clientId, apiUrl } = config.google;
  if (!clientId) return undefined;
  const info = await getJson(`${apiUrl}/oauth2/v3/tokeninfo?access_token=${encodeURIComponent(token)}`);
  if (!info || (info.aud !== clientId && info.azp !== clientId)) return undefined;
  const profile = await getJson(`${apiUrl}/oauth2/v3/userinfo`, { headers: { authorization: `Bearer ${token}` } });
  if (!profile || typeof profile.sub !== 'string' || typeof profile.email !== 'string') return undefined;
  if (profile.email_verified !== true && profile.email_verified !== 'true') return undefined;
  if (info.sub !== undefined && info.sub !== profile.sub) return undefined;
  return {
    subject: profile.sub,
    email: profile.email.trim().toLowerCase(),
    firstName: typeof profile.given_name === 'string' ? profile.given_name : '',
    lastName: typeof profile.family_name === 'string' ? profile.family_name : '',
  };
}
