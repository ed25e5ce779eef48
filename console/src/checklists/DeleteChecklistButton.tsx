import { useT } from '../i18n/useT.ts';
import { ConfirmDeleteButton } from '../layout/ConfirmDeleteButton.tsx';
import type { ChecklistRecord } from '../resource-records.ts';

/** Deletes a checklist with its tasks; runs made from it keep their own copy. */
export function DeleteChecklistButton({ checklist }: { checklist: ChecklistRecord }) {
  const t = useT();
  return (
    <ConfirmDeleteButton
      resource="checklists"
      record={checklist}
      ariaLabel={t('checklistEditor.deleteChecklist', { name: checklist.name })}
      title={t('properties.deleteTitle', { name: checklist.name })}
      content={t('checklistEditor.deleteChecklistContent')}
      confirmLabel={t('checklistEditor.deleteChecklistConfirm')}
      successMessage={t('checklistEditor.checklistDeleted')}
      failureMessage={t('checklistEditor.deleteFailed')}
    />
  );
}
