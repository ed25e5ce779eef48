import {
  Create,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  SaveButton,
  Toolbar,
  useGetList,
  useNotify,
  useRedirect,
} from 'react-admin';
import { instantFromLocal } from '../dispatch/due-time.ts';
import { ABOVE_TAB_BAR } from '../layout/MobileNav.tsx';
import { useT } from '../i18n/useT.ts';
import type { PropertyRecord } from '../resource-records.ts';
import type { WorkOrder } from './work-order-types.ts';

interface WorkOrderForm {
  property_id: string;
  issue_id?: string;
  title: string;
  description?: string;
  vendor_name: string;
  vendor_email?: string;
  vendor_phone?: string;
  /** datetime-local, read in the property's time zone. */
  due_local?: string;
  cost_limit?: number | null;
}

/**
 * /work-orders/create: from scratch, or filled in from an issue ("Create work order" passes the issue as
 * the location's record). The vendor gets the link by mail and text; the host lands on the order's page.
 */
export function WorkOrderCreate() {
  const t = useT();
  const notify = useNotify();
  const redirect = useRedirect();
  const { data: properties = [] } = useGetList<PropertyRecord>('properties', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const zoneOf = (id: string) => properties.find((property) => property.id === id)?.timezone ?? 'UTC';
  const transform = ({ due_local, cost_limit, ...form }: WorkOrderForm) => ({
    ...form,
    due_at: due_local ? instantFromLocal(due_local, zoneOf(form.property_id)) : null,
    cost_limit_cents: cost_limit === null || cost_limit === undefined ? null : Math.round(cost_limit * 100),
  });
  return (
    <Create<WorkOrder>
      title={t('workOrders.newTitle')}
      transform={transform}
      sx={{ maxWidth: 720 }}
      mutationOptions={{
        onSuccess: (order: WorkOrder) => {
          notify(t('workOrders.created', { vendor: order.vendor_name }), { type: 'success' });
          redirect('show', 'work-orders', order.id);
        },
      }}
    >
      <SimpleForm
        toolbar={
          <Toolbar sx={ABOVE_TAB_BAR}>
            <SaveButton />
          </Toolbar>
        }
      >
        <ReferenceInput source="property_id" reference="properties" filter={{ is_system_property: false }}>
          <SelectInput optionText="name" label={t('workOrders.property')} validate={required()} fullWidth />
        </ReferenceInput>
        <TextInput source="title" label={t('workOrders.workTitle')} validate={required()} fullWidth />
        <TextInput source="description" label={t('workOrders.description')} multiline minRows={2} fullWidth />
        <TextInput source="vendor_name" label={t('workOrders.vendorName')} validate={required()} fullWidth />
        <TextInput source="vendor_email" label={t('workOrders.vendorEmail')} type="email" fullWidth />
        <TextInput source="vendor_phone" label={t('workOrders.vendorPhone')} type="tel" fullWidth />
        <TextInput
          source="due_local"
          label={t('workOrders.dueAt')}
          type="datetime-local"
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
        <NumberInput
          source="cost_limit"
          label={t('workOrders.costLimit')}
          helperText={t('workOrders.costLimitHelp')}
          min={0}
          step={1}
          fullWidth
        />
      </SimpleForm>
    </Create>
  );
}
