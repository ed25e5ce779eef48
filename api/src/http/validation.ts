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

/** PostgreSQL text cannot hold NUL characters; refusing them here keeps them from becoming a 500. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => containsNul(k) || containsNul(v));
  return false;
}

/** Parses a request part with its schema; the first problem becomes a 400 that names the field. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  if (containsNul(value)) throw badRequest('Text fields cannot contain NUL characters.');
  const result = schema.safeParse(value);
  if (!result.success) {
    const first = result.error.issues[0];
    throw badRequest(first ? describeIssue(first) : 'The request is not valid.');
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
