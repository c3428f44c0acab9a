/**
 * The chat checks, word for word as the product states them. The web runs them
 * before a chat call and the server runs them again on what arrives, so both refuse the same
 * things with the same sentence.
 */
export const CHAT_MESSAGES = {
  notArray: 'Messages must be a non-empty array',
  missingRole: (position: number) => `Message at position ${position} is missing 'role'`,
  invalidRole: (position: number) => `Message at position ${position} has invalid role`,
  missingContent: (position: number) => `Message at position ${position} is missing 'content'`,
  emptyContent: (position: number) => `Message at position ${position} has empty content`,
  noUserOrAssistant: 'At least one message must have role "user" or "assistant"',
  invalidPayload: 'Invalid payload: must be string or object with text/selectedOptions',
} as const;

export const CHAT_ROLES = ['system', 'user', 'assistant'] as const;
export type TChatRole = (typeof CHAT_ROLES)[number];
export interface TChatTurn {
  role: TChatRole;
  content: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first problem of a message list, or null when it passes (positions count from 0). */
export function chatMessagesProblem(messages: unknown): string | null {
  if (!Array.isArray(messages) || messages.length === 0) return CHAT_MESSAGES.notArray;
  for (const [position, message] of messages.entries()) {
    if (!isObject(message) || !('role' in message)) return CHAT_MESSAGES.missingRole(position);
    if (!CHAT_ROLES.includes(message.role as TChatRole)) return CHAT_MESSAGES.invalidRole(position);
    if (!('content' in message) || typeof message.content !== 'string') return CHAT_MESSAGES.missingContent(position);
    if (message.content.trim() === '') return CHAT_MESSAGES.emptyContent(position);
  }
  if (!messages.some((m: { role: TChatRole }) => m.role === 'user' || m.role === 'assistant')) return CHAT_MESSAGES.noUserOrAssistant;
  return null;
}

/**
 * A chat answer: a string, or an object with `text`, `selectedOptions`, or `message` together
 * with `selections`. Null when it passes.
 */
export function chatPayloadProblem(payload: unknown): string | null {
  if (typeof payload === 'string') return payload.trim() === '' ? CHAT_MESSAGES.invalidPayload : null;
  if (!isObject(payload)) return CHAT_MESSAGES.invalidPayload;
  if (typeof payload.text === 'string' && payload.text.trim() !== '') return null;
  if (Array.isArray(payload.selectedOptions) && payload.selectedOptions.length > 0) return null;
  if (typeof payload.message === 'string' && Array.isArray(payload.selections)) return null;
  return CHAT_MESSAGES.invalidPayload;
}
