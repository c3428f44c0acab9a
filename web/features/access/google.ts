import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { GOOGLE_MESSAGES, ZGoogleLoginResponse, type TTokenPair } from '../../../contract/auth';
import { api } from '../../lib/api';
import { useInitData } from '../../lib/init-data';
import { GOOGLE_FAILED } from './messages';

const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;
const POLL_MS = 500;

/** The provider profile passed to registration in the `google_data` parameter. */
export const ZGoogleData = z.object({
  status: z.string().optional(),
  firstName: z.string().optional(),
  first_name: z.string().optional(),
  lastName: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  credential: z.string().optional(),
});
export type TGoogleData = z.infer<typeof ZGoogleData>;

export function parseGoogleData(raw: string | null): TGoogleData | null {
  if (!raw) return null;
  try {
    const parsed = ZGoogleData.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Google's implicit token flow in a 500x600 popup, polled every 500 ms. The
 * popup comes back to this site with `#access_token=...`; once it is same-origin we read the token
 * and close it. Resolves with the token, or null when the user closed the popup.
 */
export function googleTokenPopup(clientId: string): Promise<string | null> {
  const redirectUri = `${window.location.origin}/login`;
  const params = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, response_type: 'token', scope: 'email profile', prompt: 'select_account' });
  const left = window.screenX + Math.max(0, (window.outerWidth - POPUP_WIDTH) / 2);
  const top = window.screenY + Math.max(0, (window.outerHeight - POPUP_HEIGHT) / 2);
  const popup = window.open(`https://accounts.google.com/o/oauth2/v2/auth?${params}`, 'google-sign-in', `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`);
  if (!popup) return Promise.reject(new Error('The sign-in window was blocked. Please allow pop-ups for this site.'));
  return new Promise((resolve, reject) => {
    const timer = window.setInterval(() => {
      if (popup.closed) {
        window.clearInterval(timer);
        resolve(null);
        return;
      }
      let href: string;
      try {
        href = popup.location.href;
      } catch {
        return; // Still on Google's pages: cross-origin until it comes back.
      }
      if (!href.startsWith(window.location.origin)) return;
      const hash = new URLSearchParams(popup.location.hash.slice(1));
      window.clearInterval(timer);
      popup.close();
      const token = hash.get('access_token');
      if (token) resolve(token);
      else reject(new Error(GOOGLE_FAILED));
    }, POLL_MS);
  });
}

/** True inside the popup once Google sent it back: the page shows nothing while it closes. */
export const isGooglePopupReturn = () => Boolean(window.opener) && window.location.hash.includes('access_token=');

export function useGoogleClientId(): string | null {
  const { data } = useInitData();
  return data?.google_client_id ?? null;
}

export type GoogleOutcome = { kind: 'tokens'; tokens: TTokenPair } | { kind: 'pending-invite'; message: string } | { kind: 'cancelled' };

/**
 * Signs in with Google. A 'pending' answer (no account yet) opens registration with the provider
 * details prefilled; 'pending-invite' returns the server's message for the screen.
 */
export function useGoogleSignIn(inviteToken?: string) {
  const clientId = useGoogleClientId();
  const navigate = useNavigate();
  const run = useCallback(async (): Promise<GoogleOutcome> => {
    if (!clientId) throw new Error(GOOGLE_MESSAGES.disabled);
    const token = await googleTokenPopup(clientId);
    if (!token) return { kind: 'cancelled' };
    const answer = ZGoogleLoginResponse.parse(await api('/auth/google/', { body: { token, ...(inviteToken ? { invite_token: inviteToken } : {}) } }));
    if ('access' in answer) return { kind: 'tokens', tokens: answer };
    if (answer.status === 'pending-invite') return { kind: 'pending-invite', message: answer.detail || GOOGLE_MESSAGES.pendingInvite };
    const data: TGoogleData = { status: 'pending', first_name: answer.first_name, last_name: answer.last_name, email: answer.email, credential: token };
    navigate(`/beta?google_data=${encodeURIComponent(JSON.stringify(data))}`);
    return { kind: 'cancelled' };
  }, [clientId, inviteToken, navigate]);
  return { enabled: Boolean(clientId), run };
}
