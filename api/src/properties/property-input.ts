import { z } from 'zod';
import { nameText } from '../http/validation.ts';

/** Optional text: trimmed, and saved as null when empty (the spec's rule for access code and notes). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

const requiredText = (message: string, label: string, max: number) =>
  nameText({ error: message }).min(1, message).max(max, `${label} must be at most ${max} characters.`);

const isTimeZone = (name: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

const localTime = (label: string) =>
  z
    .string({ error: `${label} must be a time like 15:00.` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time like 15:00 (24-hour HH:MM).`);

const calendarUrl = z
  .string({ error: 'Calendar URLs must be text.' })
  .trim()
  .max(2000, 'A calendar URL must be at most 2000 characters.')
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'Calendar URLs must be http or https addresses, such as the iCal export link of your booking calendar.');

export const propertyMessages = {
  nameRequired: 'Property name is required.',
  addressRequired: 'Address is required.',
  notFound: "Property not found. The property you're looking for doesn't exist or you don't have access to it.",
  teamMemberNotFound: 'Team member not found. Choose one of your team members.',
  systemPropertyLocked: 'The Template Collection holds your templates; it cannot be edited or deleted.',
};

const coordinate = (label: string, limit: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .min(-limit, `${label} must be between -${limit} and ${limit}.`)
    .max(limit, `${label} must be between -${limit} and ${limit}.`)
    .nullish();

export const createPropertyBody = z.object({
  name: requiredText(propertyMessages.nameRequired, 'Property name', 200),
  address: requiredText(propertyMessages.addressRequired, 'Address', 500),
  access_code: optionalText('Access code', 100),
  notes: optionalText('Notes', 5000),
  timezone: z
    .string({ error: 'Time zone must be text.' })
    .max(100)
    .refine(isTimeZone, 'Time zone must be an IANA time zone name, such as Europe/Lisbon.')
    .optional(),
  check_in_time: localTime('Check-in time').optional(),
  checkout_time: localTime('Checkout time').optional(),
  /** Where the property is: a cleaner's first located action within the radius is the arrival. */
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
  arrival_radius_meters: z
    .number({ error: 'The arrival radius must be a number of metres.' })
    .int('The arrival radius must be a whole number of metres.')
    .min(10, 'The arrival radius must be between 10 and 10000 metres.')
    .max(10_000, 'The arrival radius must be between 10 and 10000 metres.')
    .optional(),
  default_assignee_id: z.uuid({ error: propertyMessages.teamMemberNotFound }).nullish(),
  backup_assignee_id: z.uuid({ error: propertyMessages.teamMemberNotFound }).nullish(),
  // Blank lines of the console's one-URL-a-line field are dropped before the URLs are checked.
  calendar_urls: z
    .array(z.string({ error: 'Calendar URLs must be text.' }), { error: 'calendar_urls must be a list of URLs.' })
    .transform((urls) => [...new Set(urls.map((url) => url.trim()).filter(Boolean))])
    .pipe(z.array(calendarUrl).max(20, 'At most 20 calendar feeds per property.'))
    .optional(),
});

/** react-admin sends the whole record on update; unknown and read-only fields are ignored. */
export const updatePropertyBody = createPropertyBody.partial();

export type CreatePropertyInput = z.output<typeof createPropertyBody>;
export type UpdatePropertyInput = z.output<typeof updatePropertyBody>;
