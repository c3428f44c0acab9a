import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded database belongs to the running server, so `npm run sources` cannot open it then:
 * it asks the server instead. The server writes its address and a random operator token into the
 * data directory (readable by its owner only: whoever may read the database files may manage its
 * sources) and removes the file when it stops. The token admits the Sources calls only.
 */
const CONTROL_FILE = 'control.json';

export interface ControlFile {
  url: string;
  token: string;
  pid: number;
}

export function newOperatorToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function writeControlFile(dataDir: string, control: ControlFile): Promise<() => Promise<void>> {
  const file = path.join(dataDir, CONTROL_FILE);
  await writeFile(file, JSON.stringify(control), { mode: 0o600 });
  return () => rm(file, { force: true });
}

export async function readControlFile(dataDir: string): Promise<ControlFile | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path.join(dataDir, CONTROL_FILE), 'utf8')) as Partial<ControlFile>;
    return typeof parsed.url === 'string' && typeof parsed.token === 'string' && typeof parsed.pid === 'number' ? (parsed as ControlFile) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a presented bearer token is the operator token (in constant time). */
export function isOperatorToken(presented: string, expected: string | undefined): boolean {
  if (!expected) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
