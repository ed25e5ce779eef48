import { ReferenceInput, SelectInput } from 'react-admin';

/**
 * The run field `assigned_to`: one of the owner's team members. Saving a run with a new assignee
 * e-mails them its magic link; the due-time reminders go to them too.
 */
export function AssigneeInput() {
  return (
    <ReferenceInput source="assigned_to" reference="team" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
      <SelectInput optionText="name" label="Assigned to" emptyText="Unassigned" fullWidth />
    </ReferenceInput>
  );
}
