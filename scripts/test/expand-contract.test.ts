// Issue 29, point 3: the CI check that refuses a migration dropping or renaming what the previous release
// still reads (scripts/check-migrations.ts, part of `npm test`).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkMigrations,
  contractViolations,
  describeViolation,
  entityColumns,
  previousRelease,
  type SourceFile,
} from '../lib/expand-contract.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures/expand-contract');
const fixture = (name: string): SourceFile => ({
  path: name,
  text: readFileSync(path.join(fixtures, `${name}.ts.txt`), 'utf8'),
});
const previous = entityColumns([fixture('previous-entities')]);
const violations = (name: string) => contractViolations([fixture(name)], previous).map(describeViolation);

describe('the expand/contract check of migrations', () => {
  it('reads the columns the previous release maps: properties, relations, field names', () => {
    expect([...previous.get('widgets')!]).toEqual(['id', 'owner_id', 'label', 'colour_code', 'created_at']);
    expect([...previous.get('widget_notes')!]).toEqual(['widget_ref', 'body']);
  });

  it('refuses dropping a column the previous release reads', () => {
    expect(violations('drop-column')).toEqual([
      'drop-column: drops column "widgets"."label", which the previous release still reads (its entities)',
    ]);
  });

  it('refuses renaming such a column, unquoted SQL too', () => {
    expect(violations('rename-column')).toEqual([
      'rename-column: renames column "widget_notes"."widget_ref", which the previous release still reads (its entities)',
    ]);
  });

  it('refuses dropping or renaming a table the previous release maps', () => {
    expect(violations('drop-table')).toEqual([
      'drop-table: drops table "widget_notes", which the previous release still reads (its entities)',
      'drop-table: renames table "widgets", which the previous release still reads (its entities)',
    ]);
  });

  it('lets an expand step through, with whatever its down() removes', () => {
    expect(violations('expand')).toEqual([]);
  });

  it('lets the contract step through once the previous release no longer maps what it removes', () => {
    expect(violations('contract')).toEqual([]);
  });
});

describe('check-migrations on a repository', () => {
  const repo = mkdtempSync(path.join(tmpdir(), 'turnproof-expand-contract-'));
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.test', ...args], {
      cwd: repo,
      encoding: 'utf8',
    });
  const addMigration = (name: string) =>
    cpSync(path.join(fixtures, `${name}.ts.txt`), path.join(repo, `db/src/migrations/${name}.ts`));

  it('compares the migrations added since the previous release with that release’s entities', () => {
    git('init', '-q');
    mkdirSync(path.join(repo, 'db/src/entities'), { recursive: true });
    mkdirSync(path.join(repo, 'db/src/migrations'));
    cpSync(path.join(fixtures, 'previous-entities.ts.txt'), path.join(repo, 'db/src/entities/widgets.ts'));
    addMigration('drop-table');
    git('add', '-A');
    git('commit', '-qm', 'release 1');
    git('tag', 'v1');
    // Already in the release: not checked again.
    expect(checkMigrations(repo, 'v1')).toEqual([]);

    addMigration('drop-column');
    addMigration('expand');
    expect(checkMigrations(repo, 'HEAD')).toEqual([
      'db/src/migrations/drop-column.ts: drops column "widgets"."label", which the previous release still reads (its entities)',
    ]);

    // The contract release: entities no longer map `label`; the next one may drop it.
    const entities = path.join(repo, 'db/src/entities/widgets.ts');
    writeFileSync(entities, readFileSync(entities, 'utf8').replace(/\n\s+label: p\.string\(\),/, ''));
    rmSync(path.join(repo, 'db/src/migrations/drop-column.ts'));
    git('add', '-A');
    git('commit', '-qm', 'release 2: stop reading label');
    git('tag', 'v2');
    git('commit', '-q', '--allow-empty', '-m', 'work after v2');
    expect(previousRelease(repo, {})).toBe('v2');
    addMigration('drop-column');
    expect(checkMigrations(repo, previousRelease(repo, {}))).toEqual([]);
    expect(previousRelease(repo, { RELEASE_BASE: 'v1' })).toBe('v1');
  });
});
