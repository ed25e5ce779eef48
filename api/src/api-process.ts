/**
 * Node flags the API process must be started with (it cannot set them for itself once running). Node 24
 * sizes V8's young generation from the host's memory, up to two 64 MB semi-spaces: a long request that
 * allocates steadily, such as the data export of a large account, fills all of it with short-lived
 * garbage between scavenges, about 80 MB of resident memory that is never live. 16 MB semi-spaces cost
 * that export a few per cent of its speed (docs/benchmarks.md, A large account).
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=16'] as const;

/** As for the worker (temporal/src/worker-env.ts): two glibc malloc arenas, some 15 MB less at start. */
export const API_PROCESS_ENV = { MALLOC_ARENA_MAX: '2' } as const;
