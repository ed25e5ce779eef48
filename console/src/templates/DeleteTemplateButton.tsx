import { ConfirmDeleteButton } from '../layout/ConfirmDeleteButton.tsx';

/** Own templates only (system templates are view-only), with the spec's confirmation. */
export function DeleteTemplateButton({
  template,
  onDeleted,
}: {
  template: { id: string; name: string };
  onDeleted?: () => void;
}) {
  return (
    <ConfirmDeleteButton
      resource="templates"
      record={template}
      ariaLabel={`Delete template ${template.name}`}
      title={`Delete "${template.name}"?`}
      content="This action cannot be undone. All tasks associated with this template will also be deleted."
      confirmLabel="Delete Template"
      successMessage="Template deleted"
      failureMessage="Error deleting template"
      {...(onDeleted ? { onDeleted } : {})}
    />
  );
}
