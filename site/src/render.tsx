/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { JsonLd } from './components/blocks.tsx';
import { PageShell } from './components/layout.tsx';
import { PRODUCT_NAME } from './content/marketing.ts';
import { islandScript, siteStyles } from './assets.ts';
import { SiteContext, type SiteContextValue } from './site-context.ts';

/** One public page: its head (title, description, structured data) and its main content. */
export interface SitePage {
  title: string;
  description: string;
  body: ReactElement;
  jsonLd?: object[];
  /** 200 unless the page says otherwise (the 404 page). */
  status?: number;
  /** Pages that must not be indexed (the 404 page). */
  noindex?: boolean;
}

/** The og:image of a page: our own renderer draws its title and description. */
export function ogImageUrl(origin: string, page: Pick<SitePage, 'title' | 'description'>, path: string): string {
  const query = new URLSearchParams({ title: page.title, description: page.description, path });
  return `${origin}/api/og-image?${query.toString()}`;
}

function Document({ page, site }: { page: SitePage; site: SiteContextValue }) {
  const canonical = `${site.origin}${site.path}`;
  const image = ogImageUrl(site.origin, page, site.path);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{page.title}</title>
        <meta name="description" content={page.description} />
        {page.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={canonical} />}
        <meta name="theme-color" content="#0f766e" />
        <link rel="icon" type="image/png" sizes="64x64" href="/favicon.png" />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={PRODUCT_NAME} />
        <meta property="og:title" content={page.title} />
        <meta property="og:description" content={page.description} />
        <meta property="og:url" content={canonical} />
        <meta property="og:image" content={image} />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <meta name="twitter:card" content="summary_large_image" />
        <style dangerouslySetInnerHTML={{ __html: siteStyles }} />
        <script src={islandScript.path} defer />
      </head>
      <body>
        <PageShell>{page.body}</PageShell>
        {/* After the content: the bytes a reader sees first come first. */}
        {(page.jsonLd ?? []).map((data, index) => (
          <JsonLd key={index} data={data} />
        ))}
      </body>
    </html>
  );
}

/** The whole HTML document of a page, rendered on the server so it reads with JavaScript off. */
export function renderSitePage(page: SitePage, site: SiteContextValue): string {
  return `<!doctype html>${renderToStaticMarkup(
    <SiteContext value={site}>
      <Document page={page} site={site} />
    </SiteContext>,
  )}`;
}
