// The benchmarks seed the same way as the tests that measure the worker (api/test/support/seed-checklist.ts).
export { seedChecklist, seedRun, type ChecklistSeed } from '../../api/test/support/seed-checklist.ts';
