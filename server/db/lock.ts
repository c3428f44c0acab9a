import { mkdir, writeFile } from 'node:fs/promises';
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
 * proper-lockfile keeps the lock fresh while we run and treats it as stale after a crash.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const target = path.join(dataDir, 'herald.lock');
  await writeFile(target, `${process.pid}\n`, { flag: 'a' });
  try {
    return await lockfile.lock(target, { stale: 15_000, update: 5_000, realpath: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}
