import { CHECKLIST_TYPES } from '@turnproof/db';
import { z } from 'zod';
import { nameText } from '../http/validation.ts';

export const checklistMessages = {
  notFound: "Checklist not found. The checklist you're looking for doesn't exist or you don't have access to it.",
  nameRequired: 'Checklist name is required.',
  typeInvalid: `Checklist type must be one of: ${CHECKLIST_TYPES.join(', ')}.`,
  propertyNotFound: "Property not found. The property you're looking for doesn't exist or you don't have access to it.",
  orderMismatch: 'task_ids must list every task of this checklist exactly once (reload and try again).',
};

/** A checklist or template name: non-empty after trimming (the spec's rename rule). */
export const requiredName = (message: string) =>
  nameText({ error: message }).min(1, message).max(200, 'The name must be at most 200 characters.');

export const createChecklistBody = z.object({
  property_id: z.uuid({ error: checklistMessages.propertyNotFound }),
  name: requiredName(checklistMessages.nameRequired),
  type: z.enum(CHECKLIST_TYPES, { error: checklistMessages.typeInvalid }),
});

/** react-admin sends the whole record on update: only the name and the type can change. */
export const updateChecklistBody = z.object({
  name: requiredName(checklistMessages.nameRequired).optional(),
  type: z.enum(CHECKLIST_TYPES, { error: checklistMessages.typeInvalid }).optional(),
});

export const taskOrderBody = z.object({
  task_ids: z
    .array(z.uuid({ error: checklistMessages.orderMismatch }), { error: checklistMessages.orderMismatch })
    .max(1000),
});

export type CreateChecklistInput = z.output<typeof createChecklistBody>;
export type UpdateChecklistInput = z.output<typeof updateChecklistBody>;
