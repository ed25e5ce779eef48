import { PLAIN_MENU_ID } from './layout/mobile-query.ts';

/** This page's path without a trailing slash, as the pages below and /auth's own checks name it. */
export const pagePath = (): string => location.pathname.replace(/\/+$/, '');

/**
 * The server-rendered pages whose controls all work from the HTML alone, by path, and what shows that the server
 * rendered them so: the dashboard laid out for a phone (its greeting, figures, menu, a plain menu shown by CSS,
 * tab bar and Sign Out, a form), and the signed-out screens with their POST forms and real links
 * (console-without-script.test.ts).
 */
export const PLAIN_PAGES: Record<string, string> = {
  '/dashboard': `#${PLAIN_MENU_ID}`,
  '/auth': 'form[method="post"]',
  '/password-reset': 'form[method="post"]',
};
