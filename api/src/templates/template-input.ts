import { RUN_KINDS } from '@turnproof/db';
import { z } from 'zod';
import { requiredName } from '../checklists/checklist-input.ts';

export const templateMessages = {
  notFound: 'Template not found. It does not exist or you do not have access to it.',
  missingInformation: 'Please provide a template name and type.',
  systemReadOnly: 'System templates are view-only; only your own (custom) templates can be changed or deleted.',
};

/** The templates screen's 'Create New Template' dialog: a name and one of the run kinds. */
export const createTemplateBody = z.object({
  name: requiredName(templateMessages.missingInformation),
  kind: z.enum(RUN_KINDS, { error: templateMessages.missingInformation }),
});

export type CreateTemplateInput = z.output<typeof createTemplateBody>;
