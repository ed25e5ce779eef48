import { toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * One template, two parts: the HTML rendered with react-dom/server, and the text part converted from that
 * HTML by React Email's converter (links written out, images and [data-skip-in-text] left out).
 */
export function renderMail(template: ReactElement): { html: string; text: string } {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(template)}`;
  const text = toPlainText(html, {
    selectors: [
      { selector: 'ul', options: { itemPrefix: '- ' } },
      { selector: 'blockquote', format: 'block' },
    ],
  });
  return { html, text };
}
