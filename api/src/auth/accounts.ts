import type { EntityManager } from '@mikro-orm/postgresql';
import { BillingAccount, Profile, Property, TEMPLATE_COLLECTION_NAME, User, UserPreferences } from '@turnproof/db';

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
      ...(input.isAdmin ? { role: 'admin' } : {}),
    });
    tx.create(UserPreferences, { user });
    tx.create(BillingAccount, { user, trial_ends_at: input.trialEnd });
    tx.create(Property, {
      owner: user,
      name: TEMPLATE_COLLECTION_NAME,
      address: 'System property for your templates',
      notes: 'Holds your own template checklists.',
      is_system_property: true,
    });
    await tx.flush();
    return user;
  });
}
