// `npm run check:migrations` (part of `npm test`): refuses a migration that drops or renames a table or
// column the previous release still reads (scripts/lib/expand-contract.ts; docs/development.md,
// Migrations). The previous release is RELEASE_BASE (a commit or tag), else the newest `v*` tag before
// HEAD, else HEAD's parent: every commit of main is a release that may still be running during a deploy.
import path from 'node:path';
import { checkMigrations, previousRelease } from './lib/expand-contract.ts';

const root = path.resolve(import.meta.dirname, '..');
const base = previousRelease(root);
const violations = checkMigrations(root, base);
if (violations.length > 0) {
  console.error(
    `Migrations that break the release before them (${base}); expand now, contract in a later release (docs/development.md, Migrations):\n` +
      violations.map((line) => `  ${line}`).join('\n'),
  );
  process.exit(1);
}
console.log(`Migrations keep to expand/contract against ${base}.`);
