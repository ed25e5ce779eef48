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
    // One more try for a test that failed: the outage, browser and workflow tests wait on real processes,
    // and a slow moment of a loaded machine must not fail CI; a real defect fails twice.
    retry: 1,
  },
});
