import type { RunMeta } from '../../resource-records.ts';
import type { RunType } from '../../types.ts';
import type { TemplateOption } from './template-options.ts';

/** The New Inspection wizard's fields (react-hook-form); POST /api/runs is built from them. */
export interface WizardValues {
  type: RunType;
  property_id: string;
  /** The template radio's value: preselected, remembered or picked; it may no longer exist. */
  templateKey: string;
  /** The option of `templateKey` once step 3 has found it among the choices. */
  template: TemplateOption | null;
  meta: RunMeta;
  /** datetime-local in the property's time zone, '' for none. */
  dueLocal: string;
  /** null: not chosen yet, so the property's default cleaner applies. */
  assigneeId: string | null;
  /** '': the automatic earlier run. */
  baseline_run_id: string;
}

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An empty tenant email or one that looks like an address (the API checks it again, strictly). */
export const isTenantEmail = (value: string | undefined): boolean =>
  !value?.trim() || LOOKS_LIKE_EMAIL.test(value.trim());

/** The fields each step checks before the next one (unmounted fields are not validated). */
export const STEP_FIELDS = [[], ['property_id', 'meta.tenant_email'], ['template']] as const;

/** Every detail emptied: setValue('meta', {}) would leave the registered fields as they are. */
export const NO_META: Required<RunMeta> = {
  unit: '',
  tenant_name: '',
  tenant_email: '',
  lease_start: '',
  lease_end: '',
};

/** The details a new wizard of `kind` starts with: the suggestion, the rest empty. */
export const startingMeta = (suggestion: RunMeta): RunMeta => ({ ...NO_META, ...suggestion });

/** Only the move-in and move-out details that were filled in. */
export const filledMeta = (kind: RunType, meta: RunMeta): RunMeta =>
  kind === 'turnover' ? {} : Object.fromEntries(Object.entries(meta).filter(([, value]) => value?.trim()));
