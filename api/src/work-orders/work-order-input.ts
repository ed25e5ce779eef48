import { WORK_ORDER_STATUSES } from '@turnproof/db';
import { z } from 'zod';
import { nameText } from '../http/validation.ts';
import { dueAt } from '../runs/run-input.ts';
import { optionalEmail, optionalPhone } from '../team/member-input.ts';

export const workOrderMessages = {
  notFound: 'Work order not found. It does not exist or you do not have access to it.',
  propertyNotFound: 'Property not found. Choose one of your properties.',
  issueNotFound: 'Issue not found. It does not exist or you do not have access to it.',
  issueElsewhere: 'issue_id: the issue was reported at another property than property_id.',
  titleRequired: 'Please give the work order a title.',
  vendorRequired: "Please enter the vendor's name.",
  notDone: 'Only a work order the vendor marked done can be approved or sent back.',
  finished: 'This work order is already done. The host can send it back if more is needed.',
  linkInvalid: 'This work order link is invalid. Please ask the host for a new link.',
  linkRevoked: 'This work order link was revoked by the host. Please ask the host for a new link.',
  noteRequired: 'Please write a note on what is still to do.',
};

const money = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of cents.` })
    .int(`${label} must be a whole number of cents.`)
    .min(0, `${label} cannot be negative.`)
    .max(100_000_000, `${label} must be at most 100000000 cents.`);

/** POST /api/work-orders: from an issue (issue_id) or from scratch. */
export const createWorkOrderBody = z.object({
  property_id: z.uuid({ error: workOrderMessages.propertyNotFound }),
  issue_id: z.uuid({ error: workOrderMessages.issueNotFound }).nullish(),
  title: nameText({ error: workOrderMessages.titleRequired })
    .min(1, workOrderMessages.titleRequired)
    .max(200, 'title must be at most 200 characters.'),
  description: z
    .string({ error: 'description must be text.' })
    .trim()
    .max(2000, 'description must be at most 2000 characters.')
    .nullish()
    .transform((value) => value || null),
  vendor_name: nameText({ error: workOrderMessages.vendorRequired })
    .min(1, workOrderMessages.vendorRequired)
    .max(200, 'vendor_name must be at most 200 characters.'),
  vendor_email: optionalEmail,
  vendor_phone: optionalPhone,
  due_at: dueAt,
  cost_limit_cents: money('cost_limit_cents').nullish(),
});
export type CreateWorkOrderInput = z.output<typeof createWorkOrderBody>;

export const sendBackBody = z.object({
  note: z
    .string({ error: workOrderMessages.noteRequired })
    .trim()
    .min(1, workOrderMessages.noteRequired)
    .max(1000, 'note must be at most 1000 characters.'),
});

const actionId = z.string({ error: 'action_id is required.' }).min(8).max(100);
const token = z.string({ error: 'token is required.' }).min(1).max(200);

/** POST /api/public/work-order/complete: the vendor's report, applied once per action id. */
export const completeWorkOrderBody = z.object({
  token,
  action_id: actionId,
  note: z
    .string({ error: 'note must be text.' })
    .trim()
    .max(2000, 'note must be at most 2000 characters.')
    .optional()
    .transform((value) => value || null),
  cost_cents: money('cost_cents'),
});

export const tokenQuery = z.object({ token });

export const workOrderListFilter = {
  property_id: z.uuid().optional(),
  issue_id: z.uuid().optional(),
  status: z.union([z.enum(WORK_ORDER_STATUSES), z.array(z.enum(WORK_ORDER_STATUSES))]).optional(),
};
