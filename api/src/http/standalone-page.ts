import { html, SafeHtml } from '@turnproof/platform/html';

/** A page served whole by the API, outside the console and the runner (their own styles, no bundle). */
export interface StandalonePage {
  language: string;
  title: string;
  /** The page's CSS, fixed text of the module (never user input). */
  style: string;
  body: SafeHtml;
  /** A fixed script run after the body; its hash goes into the page's Content-Security-Policy. */
  script?: string;
}

/**
 * The document around a standalone page: not indexed by search engines (every such page sits behind a link
 * of someone's), laid out for phones.
 */
export function standalonePage({ language, title, style, body, script }: StandalonePage): string {
  return `<!doctype html>\n${
    html`<html lang="${language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          ${new SafeHtml(style)}
        </style>
      </head>
      <body>
        ${body}
        ${
          script !== undefined &&
          html`<script>
            ${new SafeHtml(script)};
          </script>`
        }
      </body>
    </html>`.markup
  }\n`;
}
