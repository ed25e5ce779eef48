import { Create, useNotify, useRedirect } from 'react-admin';
import { useSession } from '../auth/session.ts';
import { FeatureLock } from '../layout/FeatureLock.tsx';
import { type TeamMember, TEAM_UPGRADE_MESSAGE } from './team-types.ts';
import { TeamMemberForm } from './TeamMemberForm.tsx';
import { useT } from '../i18n/useT.ts';

/** /team/create: add a cleaner or co-host; an e-mail address gets the invitation link from the API. */
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
      title={t('teamChannels.add')}
      mutationOptions={{
        onSuccess: (member: TeamMember) => {
          notify(
            member.email ? t('team.sentTo', { email: member.email }) : t('teamChannels.added', { name: member.name }),
            { type: 'success' },
          );
          redirect('list', 'team');
        },
      }}
    >
      <TeamMemberForm
        defaultValues={{ role: 'Cleaner', notify_by: 'email', language: session?.profile?.language ?? 'en' }}
      />
    </Create>
  );
}
