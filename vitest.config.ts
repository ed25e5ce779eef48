import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./vitest.global-setup.ts'],
    // Each vitest worker's own database and Temporal namespace (made by the global setup).
    setupFiles: ['./vitest.worker-setup.ts'],
    include: ['**/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '.data/**'],
    // Integration tests start processes and browsers; a loaded CI machine may need the margin.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at a time: most of a file's time is spent waiting on servers, browsers and timers, so two
    // workers keep the machine's two cores busy. Each worker has its own database and namespace; files
    // share only the Temporal server (and the machine). VITEST_MAX_WORKERS or --maxWorkers overrides.
    maxWorkers: 2,
    // A worker runs its files one after another in one process, so the API's modules, the console's server
    // bundle and the test helpers load once per worker rather than once per file (seconds of CPU each).
    // Nothing a file starts outlives it (each closes its servers, worker processes and browsers); files of
    // one worker already shared its database and namespace.
    isolate: false,
    // One more try for a test that failed: the outage, browser and workflow tests wait on real processes,
    // and a slow moment of a loaded machine must not fail CI; a real defect fails twice.
    retry: 1,
  },
});
