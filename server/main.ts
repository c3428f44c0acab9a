import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/lock.js';
import { CuratedDataError } from './intelligence/knowledge/curated.js';

/** Errors a user can act on from their message alone: one plain line, no stack. */
const EXPECTED: (new (...args: never[]) => Error)[] = [ConfigError, DataDirLockedError, CuratedDataError];

async function main(): Promise<void> {
  // `herald mcp`: the MCP server over stdio, relaying to the running Herald (modules/mcp/stdio.ts).
  if (process.argv[2] === 'mcp') {
    const { runStdioRelay } = await import('./modules/mcp/stdio.js');
    return runStdioRelay();
  }
  const { values } = parseArgs({
    options: { role: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: false,
  });
  if (values.help) {
    console.log('Usage: herald [--role api|worker|scheduler]...\nWithout --role, runs all three (or HERALD_ROLES).\n       herald mcp   the MCP server over stdio for a running Herald (HERALD_TOKEN, HERALD_URL)');
    return;
  }
  const env = { ...process.env };
  if (values.role?.length) env.HERALD_ROLES = values.role.join(',');
  const config = loadConfig(env);
  // The server's modules load here rather than with this one: the curated data files are read and
  // checked as they load (knowledge/curated.ts, ADR 015), and a malformed one must stop the start
  // with its one line, not a stack trace thrown before main runs.
  const { PortInUseError, startHerald } = await import('./boot.js');
  EXPECTED.push(PortInUseError);
  const herald = await startHerald(config);
  herald.logger.info({ url: herald.url, dataDir: config.databaseUrl ? undefined : config.dataDir }, 'Herald is running');
  if (herald.url) console.log(`Herald is running at ${herald.url.replace('127.0.0.1', 'localhost')}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    herald.logger.info({ signal }, 'stopping');
    await herald.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (EXPECTED.some((type) => error instanceof type)) {
    console.error(`Herald could not start: ${(error as Error).message}`);
  } else {
    console.error('Herald could not start:', error);
  }
  process.exit(1);
});
