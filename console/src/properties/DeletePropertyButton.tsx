import { DeleteWithConfirmButton, useRecordContext } from 'react-admin';
import type { PropertyRecord } from '../resource-records.ts';

/** Delete with the spec's confirmation; the API removes the property's checklists and runs too. */
export function DeletePropertyButton({ redirect = false }: { redirect?: string | false }) {
  const property = useRecordContext<PropertyRecord>();
  if (!property) return null;
  return (
    <DeleteWithConfirmButton
      resource="properties"
      record={property}
      mutationMode="pessimistic"
      confirmTitle={`Delete ${property.name}?`}
      confirmContent="Are you sure you want to delete this property? This action cannot be undone."
      successMessage="Property deleted"
      redirect={redirect}
      aria-label={`Delete ${property.name}`}
    />
  );
}
