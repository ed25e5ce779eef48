import { ConfirmDeleteButton } from '../layout/ConfirmDeleteButton.tsx';
import { useT } from '../i18n/useT.ts';

/** Own templates only (system templates are view-only), with the spec's confirmation. */
export function DeleteTemplateButton({
  template,
  onDeleted,
}: {
  template: { id: string; name: string };
  onDeleted?: () => void;
}) {
  const t = useT();
  return (
    <ConfirmDeleteButton
      resource="templates"
      record={template}
      ariaLabel={t('templates.deleteName', { name: template.name })}
      title={t('templates.deleteTitle', { name: template.name })}
      content={t('templates.deleteContent')}
      confirmLabel={t('templates.deleteTemplate')}
      successMessage={t('templates.deleted')}
      failureMessage={t('templates.deleteFailed')}
      {...(onDeleted ? { onDeleted } : {})}
    />
  );
}
