import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4317);
// Every run starts on an empty embedded database, as a newcomer would.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'herald-e2e-'));

/** Test-only key, set on the test server alone (never a default of Herald); e2e/auth.spec.ts repeats it. */
const E2E_JWT_SECRET = 'e2e-only-jwt-secret-0123456789abcdef-not-for-production';
/** The OpenID provider e2e/sso.spec.ts starts on loopback (its port and client), for single sign-on; e2e/kit.ts repeats it. */
const E2E_OIDC = { port: port + 11, clientId: 'herald-e2e', clientSecret: 'e2e-only-oidc-client-secret', name: 'Acme ID' } as const;
/** The demo accounts' password on the test server (e2e/kit.ts repeats it). */
const E2E_DEMO_PASSWORD = 'e2e-demo-password-not-for-production';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The server shares 2 cores with the browsers and its own first-minute pipeline work; on a loaded CI
  // machine a journey of a few sign-ins has taken over 30 s, so CI gives each test twice the default.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  // npm test points PLAYWRIGHT_JSON_OUTPUT_FILE at its report folder to count the results.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'mobile', testIgnore: /a11y/, use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  ],
  webServer: {
    command: 'node bin/herald.js',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // A known JWT key lets e2e/auth.spec.ts forge an expired access token for the refresh journey.
    // The browser reaches Herald from loopback, as through a proxy: each test's X-Forwarded-For is its own client address.
    // e2e/deliveries.spec.ts's webhook receivers listen on loopback, which DELIVERY_ALLOW_PRIVATE lets the server post to.
    // Single sign-on: the provider is discovered at the first sign-in, once e2e/sso.spec.ts has started it; PUBLIC_URL is the
    // address the browser uses, so the provider's redirect comes back to the host that holds the sign-in's cookie.
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET: E2E_JWT_SECRET,
      DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      TRUST_PROXY: '127.0.0.1,::1',
      SOURCES_ALLOW_PRIVATE: '1',
      DELIVERY_ALLOW_PRIVATE: '1',
      // e2e/trends-spike.spec.ts seeds a topic followed for weeks, with a spike (server/modules/dev-seed).
      DEV_SEED_ROUTES: '1',
      OIDC_ISSUER: `http://127.0.0.1:${E2E_OIDC.port}`,
      OIDC_ALLOW_HTTP: '1',
      OIDC_CLIENT_ID: E2E_OIDC.clientId,
      OIDC_CLIENT_SECRET: E2E_OIDC.clientSecret,
      OIDC_NAME: E2E_OIDC.name,
    },
  },
});
