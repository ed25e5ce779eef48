import { FormControl, InputLabel, MenuItem, Select, Stack, TextField } from '@mui/material';
import { useGetList } from 'react-admin';
import { useT } from '../i18n/useT.ts';
import { canTakeRuns, pickerLabel, type TeamMember } from '../team/team-types.ts';

interface Props {
  /** The property's IANA time zone: the due time is entered in it ('' before a property is chosen). */
  timeZone: string;
  /** datetime-local value in that time zone, '' for none. */
  dueLocal: string;
  assigneeId: string;
  onDue: (local: string) => void;
  onAssignee: (id: string) => void;
}

/** Due time (the next check-in) and assignee of a run: the wizard and the run page share them. */
export function DispatchFields({ timeZone, dueLocal, assigneeId, onDue, onAssignee }: Props) {
  const t = useT();
  const { data: members } = useGetList<TeamMember>('team', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        type="datetime-local"
        label={t('dispatch.due', { zone: timeZone || t('dispatch.propertyZone') })}
        value={dueLocal}
        onChange={(event) => onDue(event.target.value)}
        helperText={t('dispatch.dueHelp')}
        slotProps={{ inputLabel: { shrink: true } }}
        fullWidth
      />
      <FormControl fullWidth>
        <InputLabel id="dispatch-assignee">{t('dispatch.assignedTo')}</InputLabel>
        <Select
          labelId="dispatch-assignee"
          label={t('dispatch.assignedTo')}
          value={assigneeId}
          onChange={(event) => onAssignee(event.target.value)}
        >
          <MenuItem value="">{t('runs.unassigned')}</MenuItem>
          {(members ?? []).map((member) => (
            <MenuItem key={member.id} value={member.id} disabled={!canTakeRuns(member)}>
              {pickerLabel(member, t)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Stack>
  );
}
