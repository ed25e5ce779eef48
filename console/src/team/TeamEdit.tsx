import { Edit } from 'react-admin';
import { useT } from '../i18n/useT.ts';
import { TeamMemberForm } from './TeamMemberForm.tsx';

/** /team/{id}: the member's name, contacts, channel, language and role. */
export function TeamEdit() {
  const t = useT();
  return (
    <Edit title={t('teamChannels.editTitle')} mutationMode="pessimistic" redirect="list">
      <TeamMemberForm />
    </Edit>
  );
}
