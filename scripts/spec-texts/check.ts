// Checks that every user-facing text of the spec appears in the product's sources, or is a documented
// difference (scripts/spec-texts/differences.ts).
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { SPEC_TEXT_DIFFERENCES } from './differences.ts';
import { appearsIn, normalise, specTexts } from './extract.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SPEC_FILES = ['product.md', 'calls-and-constants.md'];

/** The product's sources: what a person can read comes from these folders (tests excluded). */
const SOURCE_DIRS = [
  'console/src',
  'runner-web/src',
  'api/src',
  'activities/src',
  'platform/src',
  'site/src',
  'workflows/src',
  'db/src/entities',
  'db/src/seeds',
];
const SOURCE_FILE = /\.tsx?$/;

/** The copy of the spec kept in the repository, for a clone that has no ../shared beside it (CI). */
export const SPEC_COPY_DIR = path.join(REPO_ROOT, 'docs', 'spec');

/**
 * The spec lives beside the repository (`../shared/spec`); where it is absent, the copy in docs/spec
 * stands in (refresh it when the spec changes). SPEC_DIR overrides both.
 */
export function specDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SPEC_DIR) return path.resolve(env.SPEC_DIR);
  const beside = path.join(REPO_ROOT, '..', 'shared', 'spec');
  return existsSync(beside) ? beside : SPEC_COPY_DIR;
}

export class SpecMissingError extends Error {}

async function sourceFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && SOURCE_FILE.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => !file.split(path.sep).includes('test') && !file.split(path.sep).includes('node_modules'));
}

/**
 * A translation message's texts (the console's i18n/*.ts, react-admin's polyglot): each plural form
 * ('one |||| many'), with `{}` for each %{placeholder}.
 */
const messageForms = (text: string) => text.split(' |||| ').map((form) => form.replace(/%\{[^}]*\}/g, '{}'));

/**
 * The texts a source file can show: its string and template literals (`{}` for each interpolation) and
 * the text of its JSX elements (`{}` for each expression child), one a line, normalised.
 */
export function fileLiterals(fileName: string, source: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const literals: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.push(...messageForms(node.text));
    else if (ts.isTemplateExpression(node)) {
      literals.push(node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join(''));
    } else if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      literals.push(node.children.map((child) => (ts.isJsxText(child) ? child.text : '{}')).join(''));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return literals.map(normalise);
}

/** All texts of the product's sources, one a line. */
export async function productLiterals(root = REPO_ROOT): Promise<string> {
  const files = (await Promise.all(SOURCE_DIRS.map((dir) => sourceFiles(path.join(root, dir))))).flat();
  const literals = await Promise.all(
    files.map(async (file) => {
      const source = await readFile(file, 'utf8');
      return fileLiterals(file, source);
    }),
  );
  return literals.flat().join('\n');
}

export interface SpecTextReport {
  specDir: string;
  texts: string[];
  found: string[];
  /** Listed as deliberate differences, with the spelling the code uses instead present. */
  differences: string[];
  /** Neither in the code nor listed: the check fails on these. */
  missing: string[];
  /** Listed differences that are wrong: the text is in the code after all, it is not in the spec, or
   * the spelling said to replace it is absent. The check fails on these too. */
  staleDifferences: string[];
}

export async function checkSpecTexts(dir = specDir(), root = REPO_ROOT): Promise<SpecTextReport> {
  const paths = SPEC_FILES.map((file) => path.join(dir, file));
  const absent = paths.filter((file) => !existsSync(file));
  if (absent.length > 0) {
    throw new SpecMissingError(
      `The spec is not where the check looks: ${absent.join(', ')} missing. Place the spec at ../shared/spec ` +
        'beside the repository, keep its copy in docs/spec, or set SPEC_DIR.',
    );
  }
  const texts = specTexts(await Promise.all(paths.map((file) => readFile(file, 'utf8'))));
  const code = await productLiterals(root);
  const listed = new Map(SPEC_TEXT_DIFFERENCES.map((entry) => [entry.text, entry]));
  const report: SpecTextReport = { specDir: dir, texts, found: [], differences: [], missing: [], staleDifferences: [] };
  for (const text of texts) {
    const entry = listed.get(text);
    if (appearsIn(code, text)) {
      report.found.push(text);
      if (entry) report.staleDifferences.push(`${text} (in the code after all)`);
    } else if (!entry) {
      report.missing.push(text);
    } else if (entry.instead !== undefined && !appearsIn(code, entry.instead)) {
      report.staleDifferences.push(`${text} (its replacement '${entry.instead}' is not in the code)`);
    } else {
      report.differences.push(text);
    }
  }
  for (const entry of SPEC_TEXT_DIFFERENCES) {
    if (!texts.includes(entry.text)) report.staleDifferences.push(`${entry.text} (not a text of the spec)`);
  }
  return report;
}
