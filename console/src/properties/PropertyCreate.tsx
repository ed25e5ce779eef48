import { Create, useNotify, useRedirect } from 'react-admin';
import type { PropertyRecord } from '../resource-records.ts';
import { PropertyForm } from './PropertyForm.tsx';
import { useT } from '../i18n/useT.ts';

/** After creation the owner lands on the property's checklists, copied from the default templates. */
export function PropertyCreate() {
  const t = useT();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title={t('properties.addProperty')}
      sx={{ maxWidth: 720 }}
      mutationOptions={{
        onSuccess: (property: PropertyRecord) => {
          notify(t('properties.created'), { type: 'success' });
          redirect(`/properties/${property.id}/checklists`);
        },
      }}
    >
      <PropertyForm submitLabel={t('properties.createProperty')} />
    </Create>
  );
}
