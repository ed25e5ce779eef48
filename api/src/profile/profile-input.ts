import { z } from 'zod';
import { nameText } from '../http/validation.ts';

/** Optional text: trimmed, and saved as null when empty. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

const textList = (label: string) =>
  z
    .array(
      z
        .string({ error: `${label} must be a list of text.` })
        .trim()
        .min(1)
        .max(100),
      {
        error: `${label} must be a list of text.`,
      },
    )
    .max(30, `${label} can hold at most 30 entries.`);

/** The spec: 'Years of experience is parsed as an integer or null' (the field may arrive as text). */
const yearsExperience = z
  .union([z.number(), z.string(), z.null()], { error: 'Years of experience must be a whole number.' })
  .transform((value, ctx) => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const years = typeof value === 'number' ? value : Number(value.trim());
    if (!Number.isInteger(years) || years < 0 || years > 80) {
      ctx.addIssue({ code: 'custom', message: 'Years of experience must be a whole number from 0 to 80.' });
      return z.NEVER;
    }
    return years;
  });

/** Every field is optional: the console's inline edits send only what changed. Role stays read-only. */
export const updateProfileBody = z.object({
  display_name: nameText({ error: 'Name must be text.' })
    .min(1, 'Please enter your name.')
    .max(200, 'Name must be at most 200 characters.')
    .optional(),
  company_name: optionalText('Company', 200).optional(),
  phone: optionalText('Phone', 50).optional(),
  location: optionalText('Location', 200).optional(),
  website: optionalText('Website', 500)
    .refine(
      (value) => value === null || /^https?:\/\/\S+$/i.test(value),
      'Website must start with http:// or https://.',
    )
    .optional(),
  bio: optionalText('Bio', 5000).optional(),
  professional_summary: optionalText('Professional summary', 5000).optional(),
  business_address: optionalText('Business address', 500).optional(),
  years_experience: yearsExperience.optional(),
  public_profile: z.boolean({ error: 'public_profile must be true or false.' }).optional(),
  skills: textList('Skills').optional(),
  specialties: textList('Specialties').optional(),
  certifications: textList('Certifications').optional(),
});

export type UpdateProfileInput = z.output<typeof updateProfileBody>;

/** Time zones of the settings screen's select (spec section 9); 'auto' follows the browser. */
export const TIMEZONES = [
  'auto',
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
  'Australia/Sydney',
] as const;

const flag = (name: string) => z.boolean({ error: `${name} must be true or false.` }).optional();

export const updatePreferencesBody = z.object({
  email_notifications: flag('email_notifications'),
  push_notifications: flag('push_notifications'),
  desktop_notifications: flag('desktop_notifications'),
  alert_notifications: flag('alert_notifications'),
  analytics_collection: flag('analytics_collection'),
  location_services: flag('location_services'),
  data_sharing: flag('data_sharing'),
  theme: z.enum(['system', 'light', 'dark'], { error: 'Theme must be system, light or dark.' }).optional(),
  timezone: z.enum(TIMEZONES, { error: `Timezone must be one of: ${TIMEZONES.join(', ')}.` }).optional(),
});

export type UpdatePreferencesInput = z.output<typeof updatePreferencesBody>;
