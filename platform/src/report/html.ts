const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Makes text safe to place in HTML content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Markup that is already safe: built by `html` or trusted (our own CSS). */
export class SafeHtml {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

type HtmlValue = string | number | SafeHtml | readonly SafeHtml[] | null | undefined | false;

/**
 * Template tag that escapes every interpolated string, so user input (titles, comments, names) can never
 * become markup; fragments built with `html` nest as they are. null, undefined and false render nothing.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let markup = strings[0] ?? '';
  values.forEach((value, index) => {
    markup += htmlValue(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(markup);
}

function htmlValue(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.markup;
  if (Array.isArray(value)) return value.map((fragment: SafeHtml) => fragment.markup).join('');
  return escapeHtml(String(value));
}
