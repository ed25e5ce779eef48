/** Anything a mail client would turn into a link: scheme URLs, www. addresses, bare host names (evil.example/x). */
export const LINK_LIKE = /\b[a-z][a-z0-9+.-]*:\/\/\S*|\bwww\.\S*|\b[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b(?:[/?#]\S*)?/gi;

/** The address stays readable but no mail client makes it clickable: `evil[.]example`, `https[:]//`. */
export function defangLinks(text: string): string {
  return text.replace(LINK_LIKE, (link) => link.replace(/:\/\//g, '[:]//').replace(/\./g, '[.]'));
}

/**
 * Defangs every link-like text of a mail's HTML outside its `<a>` elements. What people typed (display,
 * property, checklist and task names, notes, issue texts) reaches a mail body only as text, escaped by
 * React; the links we mean are always `<a>` (Button, Url). So a name like "Pay at evil.example" can never
 * become a link in a mail from our address, in the HTML part or in the text part made from it.
 */
export function defangTypedLinks(html: string): string {
  let insideLink = false;
  return html.replace(/(<[^>]*>)|[^<]+/g, (part, tag: string | undefined) => {
    if (tag) {
      if (/^<a[\s>]/i.test(tag)) insideLink = true;
      else if (/^<\/a>/i.test(tag)) insideLink = false;
      return tag;
    }
    return insideLink ? part : defangLinks(part);
  });
}
