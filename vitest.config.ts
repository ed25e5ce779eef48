import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./vitest.global-setup.ts'],
    include: ['**/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '.data/**'],
    // Integration tests start processes and browsers; a loaded CI machine may need the margin.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The test files share one Temporal server (and later one database).
    fileParallelism: false,
  },
});
