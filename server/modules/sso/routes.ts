import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZTokenPair } from '../../../contract/auth.js';
import { ZErrorBody } from '../../../contract/errors.js';
import { SSO_ERRORS, ZSsoExchange } from '../../../contract/sso.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { beginSignIn, completeSignIn, exchangeCode, SsoRefusal } from './sign-in.js';

const COOKIE = 'herald_oidc';
const COOKIE_PATH = '/api/auth/oidc/';

function stateCookie(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

/**
 * Single sign-on through the configured OpenID provider (404 `oidc_disabled` without one):
 * GET /auth/oidc/start/ sends the browser to the provider with a state cookie; the provider sends
 * it back to GET /auth/oidc/callback/, which goes on to the web app's /sso with a one-time code,
 * or to /login with `sso_error`; POST /auth/oidc/exchange/ trades the code for a session.
 */
export const ssoRoutes =
  ({ database, keys, config }: { database: Database; keys: AuthKeys; config: Config }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['auth'];
    const enabled = () => {
      if (!config.oidc) throw new AppError(404, 'oidc_disabled', 'Single sign-on is not configured on this server.');
    };
    const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
    const toLogin = (reason: keyof typeof SSO_ERRORS) => `${config.publicUrl}/login?sso_error=${reason}`;

    app.get('/auth/oidc/start/', { schema: { tags, response: { 404: ZErrorBody } } }, async (_request, reply) => {
      enabled();
      try {
        const { url, state } = await beginSignIn(database, config);
        reply.header('set-cookie', `${COOKIE}=${state}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=600${secure}`);
        return reply.redirect(url, 302);
      } catch (error) {
        app.log.warn({ err: error }, 'single sign-on: the OpenID provider could not be reached');
        return reply.redirect(toLogin('unavailable'), 302);
      }
    });

    app.get('/auth/oidc/callback/', { schema: { tags, response: { 404: ZErrorBody } } }, async (request, reply) => {
      enabled();
      reply.header('set-cookie', `${COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0${secure}`);
      try {
        const code = await completeSignIn(database, config, new URL(request.url, config.publicUrl), stateCookie(request.headers.cookie), app.log);
        return reply.redirect(`${config.publicUrl}/sso?code=${encodeURIComponent(code)}`, 302);
      } catch (error) {
        if (error instanceof SsoRefusal) return reply.redirect(toLogin(error.reason), 302);
        throw error;
      }
    });

    app.post('/auth/oidc/exchange/', { schema: { tags, body: ZSsoExchange, response: { 200: ZTokenPair, 400: ZErrorBody, 404: ZErrorBody } } }, async (request) => {
      enabled();
      return exchangeCode(database, keys, request.body.code);
    });
  };
