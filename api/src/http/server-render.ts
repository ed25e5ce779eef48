import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Server rendering of a built front end, for any page rendered with react-dom/server from a front end's
 * components: the front end's Vite build writes its page template (dist/index.html, with its hashed
 * script and style tags) and a server bundle (`vite build --ssr <entry> --outDir dist-server`) exporting
 * a render function; the API loads both from disk (after a rebuild, the new ones) and fills the template.
 *
 * The page's data goes in a JSON data block, never in an inline script: it is not executed, so a Content
 * Security Policy needs no nonce or hash for it, and the page's only scripts are the build's own files.
 */

/** The HTML comments a template marks its places with: `<div id="root"><!--{name}-html--></div>` and `<!--{name}-state-->`. */
export interface TemplateMarks {
  html: string;
  state: string;
}

export const templateMarks = (name: string): TemplateMarks => ({
  html: `<!--${name}-html-->`,
  state: `<!--${name}-state-->`,
});

export interface RenderedPage {
  /** The markup react-dom/server rendered, for the root element. */
  html: string;
  /** What the browser hydrates from, written as `<script type="application/json" id={stateElementId}>`. */
  state?: unknown;
  stateElementId?: string;
  /** The `lang` of `<html>`. */
  lang?: string;
}

/** JSON that cannot end its `<script>` element or open a comment: `<` is written as \u003c. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The template with the rendered markup, the state's data block and the page's language in their places. */
export function fillTemplate(template: string, marks: TemplateMarks, page: RenderedPage): string {
  const state =
    page.state === undefined
      ? ''
      : `<script type="application/json" id="${page.stateElementId ?? 'app-state'}">${jsonForScript(page.state)}</script>`;
  let html = template.replace(marks.html, () => page.html).replace(marks.state, () => state);
  if (page.lang) html = html.replace(/<html lang="[^"]*"/, `<html lang="${page.lang}"`);
  return html;
}

/** The template without its `<noscript>` notice (that the app needs JavaScript): for pages that work without. */
export const withoutScriptNotice = (template: string): string => template.replace(/<noscript>[^<]*<\/noscript>\s*/, '');

/**
 * The template with its built stylesheets (`<link rel="stylesheet" href="{base}assets/...">`) written
 * inline: the first paint of a server-rendered page then waits for nothing but the page itself, not for a
 * stylesheet sharing a slow link with the app's script. (A Content Security Policy allows the `<style>`
 * by its hash: the CSS is the same for every page of a build.)
 */
export async function inlineStylesheets(template: string, dist: string, base: string): Promise<string> {
  const links = [...template.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g)];
  let html = template;
  for (const [tag, href] of links) {
    if (!href?.startsWith(base)) continue;
    const css = await readFile(path.join(dist, href.slice(base.length)), 'utf8');
    html = html.replace(tag, () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
  }
  return html;
}

/** A file read again only when it changes on disk (a rebuild while the API runs). */
function fileWatcher<T>(path: string, load: (path: string, modifiedMs: number) => Promise<T>) {
  let cached: { modifiedMs: number; value: Promise<T> } | undefined;
  return async (): Promise<T | null> => {
    const info = await stat(path).catch(() => null);
    if (!info) return null;
    if (cached?.modifiedMs !== info.mtimeMs) cached = { modifiedMs: info.mtimeMs, value: load(path, info.mtimeMs) };
    return cached.value;
  };
}

/**
 * A built front end's template and server bundle; either is null while the front end is not built (the
 * caller then serves the static page). `T` is the bundle's exports as the caller uses them.
 */
export function builtServerRender<T>(
  templatePath: string,
  bundlePath: string,
  prepareTemplate: (template: string) => Promise<string> = async (template) => template,
) {
  const template = fileWatcher(templatePath, async (file) => prepareTemplate(await readFile(file, 'utf8')));
  const bundle = fileWatcher(
    bundlePath,
    (file, modifiedMs) => import(`${pathToFileURL(file).href}?v=${modifiedMs}`) as Promise<T>,
  );
  return async (): Promise<{ template: string; bundle: T } | null> => {
    const [loadedTemplate, loadedBundle] = await Promise.all([template(), bundle()]);
    return loadedTemplate !== null && loadedBundle !== null ? { template: loadedTemplate, bundle: loadedBundle } : null;
  };
}
