import { LANGUAGE_CODES } from '@turnproof/config/languages';
import { NOTIFY_CHANNELS, TEAM_ROLES } from '@turnproof/db';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { nameText } from '../http/validation.ts';

export const memberInputMessages = {
  emailOrPhone: "Please enter the team member's e-mail address or mobile phone number.",
  phone: 'phone: please enter a mobile number with its country code, such as +1 212 555 0100.',
  nameNeeded: "Please enter the team member's name.",
  textsNeedPhone: 'notify_by: SMS and WhatsApp need a mobile phone number; add one or choose e-mail.',
  emailNeedsAddress: 'notify_by: e-mail needs an e-mail address; add one or choose SMS or WhatsApp.',
};

/** '' and null both mean "none": the console's cleared fields send either. */
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** An e-mail address, or null for a blank field. */
export const optionalEmail = z.preprocess(
  blankAsNull,
  z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .toLowerCase()
    .max(254, 'That email address is too long.')
    .pipe(z.email({ error: 'Please enter a valid email address.' }))
    .nullish(),
);

/** Any way of writing the number with its country code; stored in E.164 ('+1 (212) 555-0100' → '+12125550100'). */
export const optionalPhone = z.preprocess(
  blankAsNull,
  z
    .string({ error: memberInputMessages.phone })
    .max(40, memberInputMessages.phone)
    .transform((text, ctx) => {
      const parsed = parsePhoneNumberFromString(text.trim());
      if (!parsed?.isValid()) {
        ctx.addIssue({ code: 'custom', message: memberInputMessages.phone });
        return z.NEVER;
      }
      return parsed.number;
    })
    .nullish(),
);

const name = z.preprocess(
  blankAsNull,
  nameText({ error: 'Name must be text.' }).max(200, 'Name must be at most 200 characters.').nullish(),
);

const notifyBy = z.enum(NOTIFY_CHANNELS, { error: 'notify_by must be email, sms or whatsapp.' });
const language = z.enum(LANGUAGE_CODES, { error: 'language must be en, es or fr.' });
const role = z.enum(TEAM_ROLES, { error: 'Role must be Cleaner or Co-host.' });

export const createMemberBody = z.object({
  email: optionalEmail,
  phone: optionalPhone,
  name,
  role: role.default('Cleaner'),
  notify_by: notifyBy.optional(),
  language: language.optional(),
});

/** Every field optional: what is left out stays as it is; null clears e-mail or phone. */
export const updateMemberBody = z.object({
  email: optionalEmail,
  phone: optionalPhone,
  name,
  role: role.optional(),
  notify_by: notifyBy.optional(),
  language: language.optional(),
});

export type CreateMemberInput = z.output<typeof createMemberBody>;
export type UpdateMemberInput = z.output<typeof updateMemberBody>;

/** Why a member's contact details cannot stand, or null: a way to reach them, and their channel's address. */
export function contactProblem(member: {
  email?: string | null;
  phone?: string | null;
  notify_by: string;
}): { message: string; code: string } | null {
  if (!member.email && !member.phone) return { message: memberInputMessages.emailOrPhone, code: 'contact_required' };
  if (member.notify_by === 'email' && !member.email)
    return { message: memberInputMessages.emailNeedsAddress, code: 'email_needs_address' };
  if (member.notify_by !== 'email' && !member.phone)
    return { message: memberInputMessages.textsNeedPhone, code: 'texts_need_phone' };
  return null;
}
