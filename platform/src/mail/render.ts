import { toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defangTypedLinks } from './typed-links.ts';

/**
 * One template, two parts: the HTML rendered with react-dom/server, and the text part converted from that
 * HTML by React Email's converter (links written out, images and [data-skip-in-text] left out). Typed text
 * never becomes a link (defangTypedLinks).
 */
export function renderMail(template: ReactElement): { html: string; text: string } {
  const html = `<!DOCTYPE html>${defangTypedLinks(renderToStaticMarkup(template))}`;
  const text = toPlainText(html, {
    selectors: [
      { selector: 'ul', options: { itemPrefix: '- ' } },
      { selector: 'blockquote', format: 'block' },
    ],
  });
  return { html, text };
}
