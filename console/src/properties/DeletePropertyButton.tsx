import { useRecordContext, useRedirect } from 'react-admin';
import { ConfirmDeleteButton } from '../layout/ConfirmDeleteButton.tsx';
import type { PropertyRecord } from '../resource-records.ts';

/** Delete with the spec's confirmation; the API removes the property's checklists and runs too. */
export function DeletePropertyButton({ backToList = false }: { backToList?: boolean }) {
  const property = useRecordContext<PropertyRecord>();
  const redirect = useRedirect();
  if (!property) return null;
  return (
    <ConfirmDeleteButton
      resource="properties"
      record={property}
      ariaLabel={`Delete ${property.name}`}
      title={`Delete ${property.name}?`}
      content="Are you sure you want to delete this property? This action cannot be undone."
      confirmLabel="Delete Property"
      successMessage="Property deleted"
      failureMessage="Delete failed"
      onDeleted={backToList ? () => redirect('/properties') : undefined}
    />
  );
}
