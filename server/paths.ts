import { fileURLToPath } from 'node:url';
import path from 'node:path';

// Every file path the server needs, from one place. This module sits in server/, and so does the
// bundle `npm start` runs (server/main.bundle.mjs), so `..` is the project root in both.
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PACKAGE_JSON = path.join(ROOT, 'package.json');
export const MIGRATIONS_DIR = path.join(ROOT, 'server/db/migrations');
