/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Fragment, type ReactNode } from 'react';

/**
 * The building blocks of every e-mail: plain tables and inline styles, which mail clients render alike.
 * The text part is made from the same markup (see render.ts), so each block also reads as plain text.
 */

const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

/** The page around a mail's content: the product's name on top (HTML only), a centred column of 560 px. */
export function MailLayout({
  preview,
  lang = 'en',
  children,
}: {
  preview: string;
  /** The language the mail is written in (its reader's). */
  lang?: string;
  children: ReactNode;
}) {
  return (
    <html lang={lang}>
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: '#f4f6f8', fontFamily: font }}>
        {/* The line mail clients show beside the subject; not part of the text. */}
        <div data-skip-in-text="true" style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>
          {preview}
        </div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ padding: '24px 12px' }}>
          <tbody>
            <tr>
              <td align="center">
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 560, backgroundColor: '#ffffff', borderRadius: 8, padding: 24 }}
                >
                  <tbody>
                    <tr>
                      <td data-skip-in-text="true" style={{ fontSize: 18, fontWeight: 700, color: '#1565c0' }}>
                        Turnproof
                      </td>
                    </tr>
                    <tr>
                      <td style={{ fontSize: 15, lineHeight: '22px', color: '#1f2933' }}>{children}</td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** A paragraph. */
export function Text({ children }: { children: ReactNode }) {
  return <p style={{ margin: '16px 0' }}>{children}</p>;
}

/** A link written out in full, so the text part and a reader who copies it see the whole address. */
export function Url({ href }: { href: string }) {
  return (
    <a href={href} style={{ color: '#1565c0', wordBreak: 'break-all' }}>
      {href}
    </a>
  );
}

/** The mail's main action as a button; the text part shows its label and the address. */
export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '20px 0' }}>
      <a
        href={href}
        style={{
          display: 'inline-block',
          backgroundColor: '#1565c0',
          color: '#ffffff',
          padding: '10px 18px',
          borderRadius: 6,
          textDecoration: 'none',
          fontWeight: 600,
        }}
      >
        {children}
      </a>
    </p>
  );
}

/** A bulleted list ("- " before each line in the text part). */
export function Items({ items }: { items: ReactNode[] }) {
  return (
    <ul style={{ margin: '8px 0', paddingLeft: 20 }}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** A quoted block of what someone typed (a cleaner's issue, a host's note, a contact message), line by line. */
export function Quote({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <blockquote style={{ margin: '12px 0', padding: '4px 12px', borderLeft: '3px solid #cbd2d9' }}>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </blockquote>
  );
}
