import type { RunType } from '../types.ts';

/** The spec's local smart defaults: the last property, and the last template per kind. */
export interface SmartDefaults {
  preferredPropertyId?: string;
  recentTemplates?: Partial<Record<RunType, string>>;
}

const KEY = 'inspection_smart_defaults';

export function readSmartDefaults(): SmartDefaults {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as SmartDefaults) : {};
  } catch {
    return {};
  }
}

export function rememberSmartDefaults(kind: RunType, propertyId: string, templateKey: string): void {
  const current = readSmartDefaults();
  const next: SmartDefaults = {
    ...current,
    preferredPropertyId: propertyId,
    recentTemplates: { ...current.recentTemplates, [kind]: templateKey },
  };
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full storage: defaults are a convenience only.
  }
}
