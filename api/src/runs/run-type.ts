import { RUN_KINDS, type RunKind } from '@turnproof/db';

const aliases: Record<string, RunKind> = {
  Turnover: 'turnover',
  'Move-In': 'move_in',
  'Move In': 'move_in',
  'Move Out': 'move_out',
  'Move-Out': 'move_out',
};

/** The spec's normalisation: known labels map to kinds; anything else lower-cased, spaces and hyphens to underscores. */
export function normaliseRunType(input: string): string {
  const trimmed = input.trim();
  return aliases[trimmed] ?? trimmed.toLowerCase().replace(/[\s-]+/g, '_');
}

export function isRunKind(value: string): value is RunKind {
  return (RUN_KINDS as readonly string[]).includes(value);
}
