import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AUTH_MESSAGES } from '../../contract/auth.js';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
// algorithm 2 is Algorithm.Argon2id (a const enum, which isolatedModules cannot import).
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const COMMON = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

/** Rejections beyond length (which the contract checks): the most common passwords. */
export function passwordProblem(password: string): string | undefined {
  if (COMMON.has(password.toLowerCase())) return AUTH_MESSAGES.passwordTooCommon;
  return undefined;
}

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check so unknown accounts are not revealed by timing.
    await hash(password, ARGON2_OPTIONS);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
