/** Longest name kept, extension included. */
export const MAX_FILE_NAME_LENGTH = 100;

const FALLBACK_NAME = 'file';
const GENERIC_CONTENT_TYPE = 'application/octet-stream';

/** Latin letters that NFKD does not split into a base letter plus accents. */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

function asciiLower(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøłđðþı]/g, (letter) => LETTERS[letter] ?? letter);
}

/** Any run of separators that holds a hyphen becomes one hyphen; runs of dots become one dot. */
function collapseSeparators(text: string): string {
  return text.replace(/[-.]*-[-.]*/g, '-').replace(/\.{2,}/g, '.');
}

function trimSeparators(text: string): string {
  return text.replace(/^[-.]+|[-.]+$/g, '');
}

/**
 * Spec 5: uploaded file names are lower-cased and ASCII-safe: accents stripped, other characters turned into
 * hyphens, repeated hyphens collapsed. Also: only the last path segment counts, separators are trimmed from
 * both ends of the name and around the extension, an empty result is 'file', and the name is capped at
 * 100 characters with the extension kept. 'Crème Brûlée.JPG' -> 'creme-brulee.jpg',
 * 'My  Photo (1).HEIC' -> 'my-photo-1.heic'.
 */
export function sanitiseFileName(name: string): string {
  const lastSegment = name.split(/[\\/]/).pop() ?? '';
  const safe = asciiLower(lastSegment).replace(/[^a-z0-9.]+/g, '-');

  const dot = safe.lastIndexOf('.');
  const extension = dot >= 0 ? safe.slice(dot + 1).replace(/-+$/, '') : '';
  const hasExtension = /^[a-z0-9]{1,16}$/.test(extension);
  let base = trimSeparators(collapseSeparators(hasExtension ? safe.slice(0, dot) : safe));
  const suffix = hasExtension ? `.${extension}` : '';

  if (base.length + suffix.length > MAX_FILE_NAME_LENGTH) {
    base = trimSeparators(base.slice(0, MAX_FILE_NAME_LENGTH - suffix.length));
  }
  return `${base || FALLBACK_NAME}${suffix}`;
}

/** Spec 5: a file counts as video or photo by its type. */
export function mediaKind(contentType: string): 'photo' | 'video' {
  return contentType.trim().toLowerCase().startsWith('video/') ? 'video' : 'photo';
}

const MIME_TOKEN = "[a-z0-9][a-z0-9!#$&^_.+'-]*";
const MIME_TYPE = new RegExp(`^(image|video)/${MIME_TOKEN}$`);
/** Types a browser would run as a document or script when opened from our origin. */
const ACTIVE_TYPES = new Set(['image/svg+xml']);

/**
 * The content type to record for an upload: a well-formed image or video type, lower-cased and without
 * parameters; anything else (missing, malformed, text, scripts, SVG) falls back to a generic binary type.
 */
export function safeContentType(type: string | undefined): string {
  const essence = (type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return MIME_TYPE.test(essence) && !ACTIVE_TYPES.has(essence) ? essence : GENERIC_CONTENT_TYPE;
}
