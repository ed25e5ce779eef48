import { builtServerRender, inlineStylesheets } from './server-render.ts';
import { CONSOLE_DIST, CONSOLE_SERVER_BUNDLE } from './web-assets.ts';

/** What the API uses of console/src/entry-server.tsx (built to dist-server/entry-server.js). */
export interface ConsoleServerBundle {
  renderDashboardPage(request: { session: unknown; dashboard: unknown; width: number; cookies: string }): {
    html: string;
  };
  renderSignedOutPage(request: { url: string; providers: { google: boolean } }): Promise<{ html: string }>;
}

/**
 * The console's page template (its built stylesheets inline) and server bundle, or null while the console
 * is not built with its server bundle; shared by the console's server-rendered pages.
 */
export const consoleServerRender = builtServerRender<ConsoleServerBundle>(
  `${CONSOLE_DIST}/index.html`,
  CONSOLE_SERVER_BUNDLE,
  (template) => inlineStylesheets(template, CONSOLE_DIST, '/'),
);
