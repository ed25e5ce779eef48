import { z } from 'zod';

/** Optional text: trimmed, and saved as null when empty (the spec's rule for access code and notes). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

const requiredText = (message: string, label: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters.`);

export const propertyMessages = {
  nameRequired: 'Property name is required.',
  addressRequired: 'Address is required.',
  notFound: "Property not found. The property you're looking for doesn't exist or you don't have access to it.",
  systemPropertyLocked: 'The Template Collection holds your templates; it cannot be edited or deleted.',
};

export const createPropertyBody = z.object({
  name: requiredText(propertyMessages.nameRequired, 'Property name', 200),
  address: requiredText(propertyMessages.addressRequired, 'Address', 500),
  access_code: optionalText('Access code', 100),
  notes: optionalText('Notes', 5000),
});

/** react-admin sends the whole record on update; unknown and read-only fields are ignored. */
export const updatePropertyBody = createPropertyBody.partial();

export type CreatePropertyInput = z.output<typeof createPropertyBody>;
export type UpdatePropertyInput = z.output<typeof updatePropertyBody>;
