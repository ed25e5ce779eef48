import { z } from 'zod';
import { badRequest } from './errors.ts';

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.');
  if (!field) return issue.message;
  // Our own messages are full sentences (they end with a full stop); zod's defaults get the field name.
  if (issue.message.endsWith('.')) return issue.message;
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${field} is required.`;
  return `${field}: ${issue.message}`;
}

/** No request of ours nests deeper; a deeper body is refused before anything walks it. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Refuses what zod and PostgreSQL would choke on: NUL characters (PostgreSQL text cannot hold them) and
 * nesting deeper than MAX_INPUT_DEPTH (a recursive walk would overflow the stack and become a 500).
 * Iterative, so a body of 200,000 brackets costs one loop, not the stack.
 */
function assertWalkable(value: unknown): void {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) throw badRequest('Text fields cannot contain NUL characters.');
    } else if (item.value && typeof item.value === 'object') {
      if (item.depth >= MAX_INPUT_DEPTH)
        throw badRequest(`The request is nested more than ${MAX_INPUT_DEPTH} levels deep.`);
      for (const [key, child] of Object.entries(item.value)) {
        pending.push({ value: key, depth: item.depth + 1 }, { value: child, depth: item.depth + 1 });
      }
    }
  }
}

/**
 * Control characters (C0 with tab, CR and LF, DEL, C1) and the Unicode line and paragraph separators, each run
 * as one space. A name is one line: a bare CR in one would break lines where names go out, as in the
 * cleaner's .ics feed (ical.js escapes LF but not CR).
 */
export const withoutControlCharacters = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');

/** A one-line name as every name field takes it (property, address, checklist, task, member, display name). */
export const nameText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite(withoutControlCharacters).trim();

/** Parses a request part with its schema; the first problem becomes a 400 that names the field. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  assertWalkable(value);
  const result = schema.safeParse(value);
  if (!result.success) {
    const first = result.error.issues[0];
    if (!first) throw badRequest('The request is not valid.', 'invalid_input');
    // A rule of ours that says why (passwords that differ) names its own code.
    const ownCode = first.code === 'custom' ? (first.params as { code?: unknown } | undefined)?.code : undefined;
    if (typeof ownCode === 'string') throw badRequest(describeIssue(first), ownCode);
    const field = first.path.join('.');
    // The sentence names the field in English; the code lets the console name it in the host's language.
    throw field
      ? badRequest(describeIssue(first), 'invalid_field', { field })
      : badRequest(describeIssue(first), 'invalid_input');
  }
  return result.data;
}

/** Reads a JSON-encoded query parameter (react-admin sends sort, range and filter this way). */
export function jsonQueryParam(name: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return undefined;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `The ${name} parameter is not valid JSON.` });
        return z.NEVER;
      }
    });
}
