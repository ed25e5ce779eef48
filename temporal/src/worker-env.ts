/**
 * Environment the worker process must be started with (it cannot set these for itself). sharp's libvips
 * threads each get a glibc malloc arena that keeps what it freed; two arenas keep a worker that has
 * downscaled a run's 300 photos about 50 MB smaller (docs/architecture.md, Report memory).
 */
export const WORKER_PROCESS_ENV = { MALLOC_ARENA_MAX: '2' } as const;
