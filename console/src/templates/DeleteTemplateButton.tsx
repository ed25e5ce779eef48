import { ConfirmDeleteButton } from '../layout/ConfirmDeleteButton.tsx';
import type { TemplateRecord } from '../resource-records.ts';

/** Own templates only (system templates are view-only), with the spec's confirmation. */
export function DeleteTemplateButton({ template }: { template: TemplateRecord }) {
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
    />
  );
}
