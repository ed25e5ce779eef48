import { Create, useNotify, useRedirect } from 'react-admin';
import type { PropertyRecord } from '../resource-records.ts';
import { PropertyForm } from './PropertyForm.tsx';

/** After creation the owner lands on the property's checklists, copied from the default templates. */
export function PropertyCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="Add Property"
      sx={{ maxWidth: 720 }}
      mutationOptions={{
        onSuccess: (property: PropertyRecord) => {
          notify('Property created with default cleaning checklists', { type: 'success' });
          redirect(`/properties/${property.id}/checklists`);
        },
      }}
    >
      <PropertyForm submitLabel="Create Property" />
    </Create>
  );
}
