import { Property } from '@turnproof/db';
import { Browser, type signedInOwner } from './browser.ts';
import { linkIn } from './mailbox.ts';
import type { TestApi } from './test-api.ts';

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

/** Invites a team member and accepts with the token of the real invitation mail, as the member's tap on Accept would. */
export async function acceptedMember(
  api: TestApi,
  owner: Owner,
  member: { email: string; name: string; role?: 'Cleaner' | 'Co-host' },
) {
  const invited = await owner.post('/api/team', { role: 'Cleaner', ...member });
  if (invited.status !== 201) throw new Error(`invitation failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const link = new URL(linkIn(await api.mailbox.latest(member.email, /invited you to their Turnproof team/)));
  // The link opens a page whose button posts the token (opening it alone accepts nothing).
  const accepted = await new Browser(api.baseUrl).post(link.pathname, { token: link.searchParams.get('token') });
  if (accepted.status !== 200) throw new Error(`accepting failed: ${accepted.status}`);
  return invited.body as { id: string; email: string; name: string };
}

/**
 * Makes a member who never accepted the invitation a property's default or backup cleaner. The API refuses
 * that since M7, so only properties saved before it look like this; written straight to the database for
 * the tests of what the worker does with such a member.
 */
export async function assignBeforeAcceptance(
  api: TestApi,
  propertyId: string,
  role: 'default_assignee' | 'backup_assignee',
  memberId: string,
) {
  await api.orm.em.fork().nativeUpdate(Property, { id: propertyId }, { [role]: memberId });
}
