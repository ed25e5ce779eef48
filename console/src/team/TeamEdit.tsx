import { Edit } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { PayRatesCard } from './PayRatesCard.tsx';
import { TeamMemberForm } from './TeamMemberForm.tsx';

/** /team/{id}: the member's name, contacts, channel, language and role; below, their pay rates. */
export function TeamEdit() {
  const t = useT();
  const { id } = useParams<{ id: string }>();
  return (
    <>
      <Edit title={t('teamChannels.editTitle')} mutationMode="pessimistic" redirect="list">
        <TeamMemberForm />
      </Edit>
      {id && <PayRatesCard memberId={id} />}
    </>
  );
}
