import type { RunMeta } from '../resource-records.ts';
import type { RunType } from '../types.ts';

/**
 * The spec's local smart defaults: the last property, the last template per kind, and the details
 * (unit, tenant, lease) last entered per kind, suggested in the next wizard of that kind.
 */
export interface SmartDefaults {
  preferredPropertyId?: string;
  recentTemplates?: Partial<Record<RunType, string>>;
  suggestedMetadata?: Partial<Record<RunType, RunMeta>>;
}

const KEY = 'inspection_smart_defaults';

const META_FIELDS = ['unit', 'tenant_name', 'tenant_email', 'lease_start', 'lease_end'] as const;

export function readSmartDefaults(): SmartDefaults {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as SmartDefaults) : {};
  } catch {
    return {};
  }
}

/** The details suggested for a new run of `kind`: only the known text fields of what was stored. */
export function suggestedMetadata(kind: RunType): RunMeta {
  const stored: unknown = readSmartDefaults().suggestedMetadata?.[kind];
  if (!stored || typeof stored !== 'object') return {};
  const meta: RunMeta = {};
  for (const field of META_FIELDS) {
    const value = (stored as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim()) meta[field] = value;
  }
  return meta;
}

/** After a run is created: its property, template and (for move-in and move-out) details. */
export function rememberSmartDefaults(kind: RunType, propertyId: string, templateKey: string, meta: RunMeta): void {
  const current = readSmartDefaults();
  const next: SmartDefaults = {
    ...current,
    preferredPropertyId: propertyId,
    recentTemplates: { ...current.recentTemplates, [kind]: templateKey },
    ...(kind === 'turnover' ? {} : { suggestedMetadata: { ...current.suggestedMetadata, [kind]: meta } }),
  };
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full storage: defaults are a convenience only.
  }
}
