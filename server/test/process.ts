import { spawn } from 'node:child_process';
import os from 'node:os';
import { ROOT } from '../paths.js';

/** `npm start` as a user runs it: the real entry point, in its own process. */
export function startProcess(env: Record<string, string>, args: string[] = [], nodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, 'bin/herald.js', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), WEB_DIST: '/nonexistent', LOG_LEVEL: 'warn', DEMO_SOURCE: 'off', DEMO: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A script that fails midway must not leave its server running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /Herald is running at (\S+)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    void exited.then((code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
  running.catch(() => undefined);
  return { child, exited, running, output: () => ({ stdout, stderr }) };
}

