import { Edit, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { CalendarPanel } from '../dispatch/CalendarPanel.tsx';
import type { PropertyRecord } from '../resource-records.ts';
import { useParams } from 'react-router-dom';
import { DeletePropertyButton } from './DeletePropertyButton.tsx';
import { PropertyForm } from './PropertyForm.tsx';
import { PropertySupplies } from '../supplies/PropertySupplies.tsx';
import { useT } from '../i18n/useT.ts';
import { PropertyWorkOrders } from '../work-orders/PropertyWorkOrders.tsx';

/** A property that is not the owner's (or does not exist) sends the owner back to the list with a toast. */
export function PropertyEdit() {
  const t = useT();
  const { id } = useParams();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      id={id}
      title={t('properties.editProperty')}
      mutationMode="pessimistic"
      redirect="list"
      sx={{ maxWidth: 720 }}
      queryOptions={{
        onError: (error: unknown) => {
          const status = (error as { status?: number }).status;
          notify(
            status === 404 || status === 403
              ? t('properties.notFound')
              : t('properties.loadOneError', { message: error instanceof Error ? error.message : String(error) }),
            { type: 'error' },
          );
          redirect('/properties');
        },
      }}
      mutationOptions={{
        onSuccess: () => {
          notify(t('properties.updated'), { type: 'success' });
          redirect('/properties');
        },
      }}
    >
      <PropertyForm submitLabel={t('properties.saveChanges')} extraActions={<DeletePropertyButton backToList />} />
      <PropertyCalendar />
      {id && <PropertySupplies propertyId={id} />}
      {id && <PropertyWorkOrders propertyId={id} />}
    </Edit>
  );
}

/** Shown once the property has calendar feeds. */
function PropertyCalendar() {
  const property = useRecordContext<PropertyRecord>();
  if (!property?.calendar_urls?.length) return null;
  return <CalendarPanel propertyId={property.id} timeZone={property.timezone} />;
}
