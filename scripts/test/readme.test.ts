import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../spec-texts/check.ts';

/** A newcomer reads the README on a screen or two; the rest lives in docs/. */
const README_MAX_BYTES = 15 * 1024;
/** The pages the README must lead to. */
const REQUIRED_DOCS = [
  'architecture.md',
  'operations.md',
  'configuration.md',
  'security.md',
  'api.md',
  'development.md',
  'benchmarks.md',
];

const DOCS_DIR = path.join(REPO_ROOT, 'docs');
const read = (file: string) => readFileSync(file, 'utf8');

/** The relative Markdown link targets of a text (`[text](target)`), without web addresses. */
function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
  for (const [, heading] of withoutCode.matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const repeat = seen.get(slug) ?? 0;
    seen.set(slug, repeat + 1);
    anchors.add(repeat === 0 ? slug : `${slug}-${repeat}`);
  }
  return anchors;
}

/** The links of `file` that lead nowhere: a missing file, or an anchor the target file has no heading for. */
function brokenLinks(file: string): string[] {
  return relativeLinks(read(file)).filter((target) => {
    const [pathPart, anchor] = target.split('#') as [string, string | undefined];
    const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
    if (!existsSync(resolved)) return true;
    if (anchor === undefined || statSync(resolved).isDirectory()) return false;
    return !headingAnchors(read(resolved)).has(anchor);
  });
}

describe('README and docs', () => {
  const readme = path.join(REPO_ROOT, 'README.md');

  it(`keeps README.md to at most ${README_MAX_BYTES} bytes`, () => {
    expect(statSync(readme).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it('links every page a newcomer needs, and every docs/ link of the README resolves', () => {
    const links = relativeLinks(read(readme));
    for (const page of REQUIRED_DOCS) expect(links).toContain(`docs/${page}`);
    expect(links.filter((target) => target.startsWith('docs/')).length).toBeGreaterThanOrEqual(REQUIRED_DOCS.length);
    expect(brokenLinks(readme)).toEqual([]);
  });

  it('every relative link between the docs pages resolves, anchors included', () => {
    const pages = readdirSync(DOCS_DIR).filter((name) => name.endsWith('.md'));
    for (const page of REQUIRED_DOCS) expect(pages).toContain(page);
    const broken = pages.flatMap((page) =>
      brokenLinks(path.join(DOCS_DIR, page)).map((target) => `${page}: ${target}`),
    );
    expect(broken).toEqual([]);
  });
});
