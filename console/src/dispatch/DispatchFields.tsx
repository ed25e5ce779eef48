import { FormControl, InputLabel, MenuItem, Select, Stack, TextField } from '@mui/material';
import { useGetList } from 'react-admin';
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
  const { data: members } = useGetList<TeamMember>('team', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        type="datetime-local"
        label={`Due (${timeZone || "the property's time zone"})`}
        value={dueLocal}
        onChange={(event) => onDue(event.target.value)}
        helperText="Usually the next check-in; reminders and escalations count back from it."
        slotProps={{ inputLabel: { shrink: true } }}
        fullWidth
      />
      <FormControl fullWidth>
        <InputLabel id="dispatch-assignee">Assigned to</InputLabel>
        <Select
          labelId="dispatch-assignee"
          label="Assigned to"
          value={assigneeId}
          onChange={(event) => onAssignee(event.target.value)}
        >
          <MenuItem value="">Unassigned</MenuItem>
          {(members ?? []).map((member) => (
            <MenuItem key={member.id} value={member.id} disabled={!canTakeRuns(member)}>
              {pickerLabel(member)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Stack>
  );
}
