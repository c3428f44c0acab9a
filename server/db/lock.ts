import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(public readonly dataDir: string) {
    super(
      `The data directory ${dataDir} is in use by another running Herald instance. ` +
        'Stop that instance, or start this one with a different DATA_DIR (and PORT).',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * The embedded database may be opened by one process only; a second opener would corrupt it.
 * proper-lockfile keeps the lock fresh while we run and treats it as stale 15 s after a crash.
 * The holder's pid is written beside the lock, so a restart right after a crash (kill -9, power
 * loss of a container) need not wait those 15 s: a lock whose holder no longer exists is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const target = path.join(dataDir, 'herald.lock');
  const pidFile = path.join(dataDir, 'herald.pid');
  await writeFile(target, '', { flag: 'a' });
  const lock = () => lockfile.lock(target, { stale: 15_000, update: 5_000, realpath: false });
  let release: () => Promise<void>;
  try {
    release = await lock();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const holder = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
    if (!holder || alive(holder)) throw new DataDirLockedError(dataDir);
    await rm(`${target}.lock`, { recursive: true, force: true });
    try {
      release = await lock();
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
      throw again;
    }
  }
  await writeFile(pidFile, `${process.pid}\n`);
  return release;
}

/** Whether a process with this pid exists (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
