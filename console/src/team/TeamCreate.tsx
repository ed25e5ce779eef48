import { Create, email, required, SelectInput, SimpleForm, TextInput, useNotify, useRedirect } from 'react-admin';
import { useSession } from '../auth/session.ts';
import { FeatureLock } from '../layout/FeatureLock.tsx';
import { type TeamMember, TEAM_ROLES, TEAM_UPGRADE_MESSAGE } from './team-types.ts';

/** /team/create: invite a cleaner or co-host; the API e-mails them the invitation link. */
export function TeamCreate() {
  const { data: session, isPending } = useSession();
  const access = session?.access;
  const notify = useNotify();
  const redirect = useRedirect();
  if (!isPending && !access?.features.team) {
    return <FeatureLock feature="Team" message={TEAM_UPGRADE_MESSAGE} />;
  }
  return (
    <Create
      title="Invite a team member"
      mutationOptions={{
        onSuccess: (member: TeamMember) => {
          notify(`Invitation sent to ${member.email}`, { type: 'success' });
          redirect('list', 'team');
        },
      }}
    >
      <SimpleForm defaultValues={{ role: 'Cleaner' }}>
        <TextInput
          source="email"
          type="email"
          label="Email"
          validate={[
            required("Please enter the team member's email address."),
            email('Please enter a valid email address.'),
          ]}
          helperText="They receive an invitation link by e-mail."
        />
        <TextInput source="name" label="Name (optional)" />
        <SelectInput source="role" choices={TEAM_ROLES} validate={required()} />
      </SimpleForm>
    </Create>
  );
}
