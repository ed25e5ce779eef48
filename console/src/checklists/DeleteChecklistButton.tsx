import { ConfirmDeleteButton } from '../layout/ConfirmDeleteButton.tsx';
import type { ChecklistRecord } from '../resource-records.ts';

/** Deletes a checklist with its tasks; runs made from it keep their own copy. */
export function DeleteChecklistButton({ checklist }: { checklist: ChecklistRecord }) {
  return (
    <ConfirmDeleteButton
      resource="checklists"
      record={checklist}
      ariaLabel={`Delete checklist ${checklist.name}`}
      title={`Delete ${checklist.name}?`}
      content="This action cannot be undone. The checklist and all its tasks will be deleted; inspections already created keep their own copy."
      confirmLabel="Delete Checklist"
      successMessage="Checklist deleted"
      failureMessage="Delete failed"
    />
  );
}
