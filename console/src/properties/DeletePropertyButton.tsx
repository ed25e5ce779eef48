import { useRecordContext, useRedirect } from 'react-admin';
import { ConfirmDeleteButton } from '../layout/ConfirmDeleteButton.tsx';
import type { PropertyRecord } from '../resource-records.ts';
import { useT } from '../i18n/useT.ts';

/** Delete with the spec's confirmation; the API removes the property's checklists and runs too. */
export function DeletePropertyButton({ backToList = false }: { backToList?: boolean }) {
  const t = useT();
  const property = useRecordContext<PropertyRecord>();
  const redirect = useRedirect();
  if (!property) return null;
  return (
    <ConfirmDeleteButton
      resource="properties"
      record={property}
      ariaLabel={t('properties.deleteName', { name: property.name })}
      title={t('properties.deleteTitle', { name: property.name })}
      content={t('properties.deleteContent')}
      confirmLabel={t('properties.deleteProperty')}
      successMessage={t('properties.deleted')}
      failureMessage={t('properties.deleteFailed')}
      onDeleted={backToList ? () => redirect('/properties') : undefined}
    />
  );
}
