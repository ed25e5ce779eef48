import type { EntityManager } from '@mikro-orm/postgresql';
import type { Language } from '@turnproof/config/languages';
import { BillingAccount, Profile, User, UserPreferences } from '@turnproof/db';
import { newTemplateCollection } from '../templates/template-collection.ts';

/**
 * Everything a new owner starts with, written in one transaction: the user, the profile of the spec
 * (display_name from the full name, onboarding not completed), preferences, and the system property
 * that holds their own template checklists, and the billing account with the end of the free trial.
 */
export async function createAccount(
  em: EntityManager,
  input: {
    email: string;
    passwordHash: string | null;
    fullName: string;
    isAdmin: boolean;
    confirmed: boolean;
    trialEnd: Date;
    /** The browser's language at sign-up (absent for Google sign-ups: the console fills it in). */
    language?: Language;
  },
) {
  return em.transactional(async (tx) => {
    const user = tx.create(User, {
      email: input.email,
      password_hash: input.passwordHash,
      email_confirmed_at: input.confirmed ? new Date() : null,
    });
    tx.create(Profile, {
      user,
      display_name: input.fullName,
      onboarding_completed: false,
      language: input.language ?? null,
      ...(input.isAdmin ? { role: 'admin' } : {}),
    });
    tx.create(UserPreferences, { user });
    tx.create(BillingAccount, { user, trial_ends_at: input.trialEnd });
    newTemplateCollection(tx, user);
    await tx.flush();
    return user;
  });
}
