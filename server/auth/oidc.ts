import * as client from 'openid-client';
import type { Config } from '../config.js';

/**
 * The OpenID provider of single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET):
 * discovered from the issuer once per process (again after a failure), then the authorization
 * code flow with PKCE, state and nonce, all checked by openid-client.
 */
let discovered: { key: string; configuration: Promise<client.Configuration> } | undefined;

export function oidcConfiguration(config: Config): Promise<client.Configuration> {
  const oidc = config.oidc!;
  const key = `${oidc.issuer}|${oidc.clientId}`;
  if (discovered?.key !== key) {
    // A plain-http issuer only where OIDC_ALLOW_HTTP=1 let the configuration through (config.ts).
    const options = new URL(oidc.issuer).protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined;
    // client_secret_basic, the default of the specification, or a public client without a secret.
    const authentication = oidc.clientSecret ? client.ClientSecretBasic(oidc.clientSecret) : client.None();
    // The ID token's signature is checked against the provider's keys (JWKS) whatever the transport:
    // openid-client otherwise trusts a token that came from the token endpoint over TLS.
    const configuration = client.discovery(new URL(oidc.issuer), oidc.clientId, undefined, authentication, options).then((found) => {
      client.enableNonRepudiationChecks(found);
      return found;
    });
    discovered = { key, configuration };
    configuration.catch(() => {
      if (discovered?.configuration === configuration) discovered = undefined;
    });
  }
  return discovered.configuration;
}

export const oidcRedirectUri = (config: Config) => `${config.publicUrl}/api/auth/oidc/callback/`;

export interface OidcStart {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Where to send the browser, and what the callback must find again. */
export async function startOidc(config: Config): Promise<OidcStart> {
  const configuration = await oidcConfiguration(config);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: oidcRedirectUri(config),
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, state, nonce, codeVerifier };
}

export interface OidcIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/**
 * The provider's answer at the callback: the code exchanged (PKCE verifier, state and nonce
 * checked), the ID token's claims, and the user info endpoint's when the token names no address.
 */
export async function finishOidc(config: Config, callbackUrl: URL, expected: { state: string; nonce: string; codeVerifier: string }): Promise<OidcIdentity> {
  const configuration = await oidcConfiguration(config);
  const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: expected.codeVerifier,
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    idTokenExpected: true,
  });
  let claims: Record<string, unknown> = { ...tokens.claims() };
  if (typeof claims.email !== 'string' && tokens.access_token) claims = { ...claims, ...(await client.fetchUserInfo(configuration, tokens.access_token, String(claims.sub))) };
  const name = typeof claims.name === 'string' ? claims.name.trim() : '';
  return {
    subject: String(claims.sub),
    email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '',
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName: typeof claims.given_name === 'string' ? claims.given_name : (name.split(' ')[0] ?? ''),
    lastName: typeof claims.family_name === 'string' ? claims.family_name : name.split(' ').slice(1).join(' '),
  };
}
