import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{contract,server,web,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.api.test.ts', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts'],
          environment: 'node',
          // Generous: the suite shares 2 cores with the processes that the CLI and kill tests start.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file boots its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
