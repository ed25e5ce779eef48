import { formatDue } from '@turnproof/config/time-format';
import { Alert, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useGetList, useLocale } from 'react-admin';
import { DispatchFields } from '../../dispatch/DispatchFields.tsx';
import { instantFromLocal } from '../../dispatch/due-time.ts';
import type { PropertyRecord } from '../../resource-records.ts';
import type { TeamMember } from '../../team/team-types.ts';
import { useT } from '../../i18n/useT.ts';

import { useNextCheckIn } from './next-check-in.ts';

interface Props {
  /** The chosen property (undefined until one is picked): due times are in its time zone. */
  property: PropertyRecord | undefined;
  dueLocal: string;
  /** The effective assignee: the host's pick, else the property's default cleaner. */
  assigneeId: string;
  /** True once the host picked an assignee (or Unassigned) themselves. */
  assigneePicked: boolean;
  onDue: (local: string) => void;
  onAssignee: (id: string) => void;
}

/**
 * The wizard's due time and cleaner, shown from the start, with what they set going: the assignment
 * e-mail, the reminders and the escalation ladder; or, without a due time, that none of those will.
 * The due time starts from the next check-in when a booking calendar knows it.
 */
export function ScheduleFields({ property, dueLocal, assigneeId, assigneePicked, onDue, onAssignee }: Props) {
  const t = useT();
  const locale = useLocale();
  const { data: members } = useGetList<TeamMember>('team', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const nextCheckIn = useNextCheckIn(property);
  // Prefilled once per property, and only into an empty field: the host's own time always wins.
  const prefilledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!property || !nextCheckIn || prefilledFor.current === property.id) return;
    prefilledFor.current = property.id;
    if (dueLocal === '') onDue(nextCheckIn);
  }, [property, nextCheckIn, dueLocal, onDue]);

  const timeZone = property?.timezone ?? '';
  const dueAt = property && dueLocal ? instantFromLocal(dueLocal, timeZone) : null;
  const assignee = members?.find((member) => member.id === assigneeId);
  const isDefault = !assigneePicked && assignee !== undefined && assigneeId === property?.default_assignee_id;

  return (
    <Stack spacing={1.5} component="section" aria-labelledby="wizard-schedule">
      <Typography id="wizard-schedule" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('wizard.schedule')}
      </Typography>
      <DispatchFields
        timeZone={timeZone}
        dueLocal={dueLocal}
        assigneeId={assigneeId}
        onDue={onDue}
        onAssignee={onAssignee}
      />
      {nextCheckIn && dueLocal === nextCheckIn && (
        <Typography variant="body2" color="text.secondary">
          {t('wizard.prefilled')}
        </Typography>
      )}
      {isDefault && (
        <Typography variant="body2" color="text.secondary">
          {t('wizard.preselected', { name: assignee.name })}
        </Typography>
      )}
      {dueAt ? (
        <Alert severity="info" role="status">
          {t('wizard.dueAt', { when: formatDue(dueAt, timeZone, new Date(), locale) })}{' '}
          {assignee
            ? `${t(assignee.email ? 'wizard.linkByEmail' : 'teamChannels.noEmailLink', { name: assignee.name })} `
            : ''}
          {t('wizard.remindersGoOut')}
        </Alert>
      ) : (
        <Alert severity="warning" role="status">
          {t('wizard.noDueTime')}
          {property ? ` ${t('wizard.setDueTime')}` : ''}
        </Alert>
      )}
    </Stack>
  );
}
