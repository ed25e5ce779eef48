// The expand/contract rule for migrations (docs/development.md, Migrations): a migration may not drop or
// rename a table or column that the previous release still reads, since that release keeps running
// beside the migrated database during a rolling deploy. What the previous release reads is taken from
// its entities (db/src/entities): the table of each entity and the column of each of its properties.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SourceFile {
  path: string;
  text: string;
}

/** A table's columns as a release's entities map them. */
export type EntityColumns = Map<string, Set<string>>;

export interface Removal {
  migration: string;
  table: string;
  /** Absent when the whole table goes. */
  column?: string;
  action: 'drop' | 'rename';
}

const name = String.raw`(?:"?\w+"?\.)?"?(\w+)"?`;

/** The tables and columns each entity file maps (`tableName`, property names, relations' `_id`). */
export function entityColumns(files: SourceFile[]): EntityColumns {
  const tables: EntityColumns = new Map();
  for (const { text } of files) {
    for (const block of text.split(/defineEntity\(/).slice(1)) {
      const table = /tableName:\s*'(\w+)'/.exec(block)?.[1];
      const properties = /\n\s{2}properties:\s*\{([\s\S]*?)\n\s{2}\},?\n/.exec(block)?.[1];
      if (!table || !properties) continue;
      const columns = tables.get(table) ?? new Set<string>();
      // Each property starts on a line of its own at four spaces; its definition may span lines.
      for (const property of properties.split(/\n(?=\s{4}\w+:)/)) {
        const key = /^\s{4}(\w+):/.exec(property)?.[1];
        if (!key) continue;
        const fieldName = /\.fieldName\('(\w+)'\)/.exec(property)?.[1];
        if (/p\.(oneToMany|manyToMany)\(/.test(property)) continue;
        const relation = /p\.(manyToOne|oneToOne)\(/.test(property);
        columns.add(fieldName ?? `${snakeCase(key)}${relation ? '_id' : ''}`);
      }
      tables.set(table, columns);
    }
  }
  return tables;
}

/** What the `up()` of a migration drops or renames: tables, and columns with their table. */
export function removalsIn(migration: SourceFile): Removal[] {
  const up = /\bup\(\)[\s\S]*?(?=\n\s+(?:override\s+)?(?:async\s+)?down\(\)|$)/.exec(migration.text)?.[0] ?? '';
  const sql = up.replace(/\s+/g, ' ');
  const removals: Removal[] = [];
  const add = (table: string, action: Removal['action'], column?: string) =>
    removals.push({ migration: migration.path, table, action, ...(column ? { column } : {}) });
  for (const [, tables] of sql.matchAll(/drop table (?:if exists )?((?:(?:"?\w+"?\.)?"?\w+"?(?:, ?)?)+)/gi)) {
    for (const [, table] of tables!.matchAll(new RegExp(name, 'g'))) add(table!, 'drop');
  }
  for (const [, table, body] of sql.matchAll(
    new RegExp(`alter table (?:if exists )?(?:only )?${name}([^;\`]*)`, 'gi'),
  )) {
    for (const [, column] of body!.matchAll(new RegExp(`drop (?:column )?(?:if exists )?${name}`, 'gi'))) {
      // `drop constraint x`, `drop default`, `drop not null` remove no column.
      if (!['constraint', 'default', 'not', 'identity', 'expression'].includes(column!.toLowerCase())) {
        add(table!, 'drop', column);
      }
    }
    for (const [, column] of body!.matchAll(new RegExp(`rename (?:column )?${name} to`, 'gi'))) {
      if (column!.toLowerCase() !== 'to') add(table!, 'rename', column);
    }
    if (new RegExp(`^ rename to `, 'i').test(body!)) add(table!, 'rename');
  }
  return removals;
}

/** The removals of `migrations` that break `previous` (the entities of the release still running). */
export function contractViolations(migrations: SourceFile[], previous: EntityColumns): Removal[] {
  return migrations
    .flatMap(removalsIn)
    .filter((removal) =>
      removal.column === undefined ? previous.has(removal.table) : previous.get(removal.table)?.has(removal.column),
    );
}

export function describeViolation(removal: Removal): string {
  const what = removal.column ? `column "${removal.table}"."${removal.column}"` : `table "${removal.table}"`;
  return `${removal.migration}: ${removal.action}s ${what}, which the previous release still reads (its entities)`;
}

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

const MIGRATIONS = 'db/src/migrations';
const ENTITIES = 'db/src/entities';

export function previousRelease(cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.RELEASE_BASE) return env.RELEASE_BASE;
  try {
    return git(cwd, 'describe', '--tags', '--abbrev=0', '--match', 'v*', 'HEAD^');
  } catch {
    return 'HEAD^';
  }
}

/** The messages of the violations between `base` and the working tree at `cwd`. */
export function checkMigrations(cwd: string, base: string): string[] {
  const before = new Set(filesAt(cwd, base, MIGRATIONS));
  const added: SourceFile[] = readdirSync(path.join(cwd, MIGRATIONS))
    .filter((file) => file.endsWith('.ts') && !before.has(file))
    .map((file) => ({ path: `${MIGRATIONS}/${file}`, text: readFileSync(path.join(cwd, MIGRATIONS, file), 'utf8') }));
  const previousEntities = filesAt(cwd, base, ENTITIES).map((file) => ({
    path: file,
    text: git(cwd, 'show', `${base}:${ENTITIES}/${file}`),
  }));
  return contractViolations(added, entityColumns(previousEntities)).map(describeViolation);
}

function filesAt(cwd: string, ref: string, dir: string): string[] {
  return git(cwd, 'ls-tree', '--name-only', `${ref}:${dir}`).split('\n').filter(Boolean);
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}
