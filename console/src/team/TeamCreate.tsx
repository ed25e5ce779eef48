import { Create, email, required, SelectInput, SimpleForm, TextInput, useNotify, useRedirect } from 'react-admin';
import { useSession } from '../auth/session.ts';
import { FeatureLock } from '../layout/FeatureLock.tsx';
import { type TeamMember, TEAM_ROLES, TEAM_UPGRADE_MESSAGE } from './team-types.ts';
import { useT } from '../i18n/useT.ts';

/** /team/create: invite a cleaner or co-host; the API e-mails them the invitation link. */
export function TeamCreate() {
  const t = useT();
  const { data: session, isPending } = useSession();
  const access = session?.access;
  const notify = useNotify();
  const redirect = useRedirect();
  if (!isPending && !access?.features.team) {
    return <FeatureLock feature={t('team.title')} message={t(TEAM_UPGRADE_MESSAGE)} />;
  }
  return (
    <Create
      title={t('team.inviteMember')}
      mutationOptions={{
        onSuccess: (member: TeamMember) => {
          notify(t('team.sentTo', { email: member.email ?? '' }), { type: 'success' });
          redirect('list', 'team');
        },
      }}
    >
      <SimpleForm defaultValues={{ role: 'Cleaner' }}>
        <TextInput
          source="email"
          type="email"
          label={t('team.email')}
          validate={[required(t('team.emailRequired')), email(t('team.emailInvalid'))]}
          helperText={t('team.emailHint')}
        />
        <TextInput source="name" label={t('team.nameOptional')} />
        <SelectInput source="role" label={t('team.role')} choices={TEAM_ROLES} validate={required()} />
      </SimpleForm>
    </Create>
  );
}
