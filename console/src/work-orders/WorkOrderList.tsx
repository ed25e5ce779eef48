import { Box, Skeleton, useMediaQuery, type Theme } from '@mui/material';
import { formatDateTime } from '@turnproof/config/time-format';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SimpleList,
  TextField,
  TopToolbar,
  useListContext,
  useLocale,
} from 'react-admin';
import { EmptyPanel } from '../layout/EmptyPanel.tsx';
import { useT } from '../i18n/useT.ts';
import { formatMoney, type WorkOrder } from './work-order-types.ts';
import { WorkOrderStatusChip } from './WorkOrderStatusChip.tsx';

function Empty() {
  const t = useT();
  return (
    <EmptyPanel
      title={t('workOrders.none')}
      text={t('workOrders.noneText')}
      action={<CreateButton label={t('workOrders.create')} />}
    />
  );
}

/** Phones get one line per order (title, property, status); wider screens the table. */
function Rows() {
  const t = useT();
  const locale = useLocale();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { isPending } = useListContext();
  if (isPending) return <Skeleton variant="rectangular" height={160} />;
  const cost = (order: WorkOrder) => (order.cost_cents === null ? '—' : formatMoney(order.cost_cents, locale));
  if (small)
    return (
      <SimpleList<WorkOrder>
        linkType="show"
        primaryText={(order) => order.title}
        secondaryText={(order) => `${order.property_name} · ${order.vendor_name} · ${cost(order)}`}
        tertiaryText={(order) => <WorkOrderStatusChip order={order} />}
      />
    );
  return (
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="title" label={t('workOrders.workTitle')} />
      <TextField source="property_name" label={t('workOrders.property')} sortable={false} />
      <TextField source="vendor_name" label={t('workOrders.vendorName')} sortable={false} />
      <FunctionField<WorkOrder>
        source="status"
        label={t('workOrders.status')}
        render={(order) => <WorkOrderStatusChip order={order} />}
      />
      <FunctionField<WorkOrder>
        source="due_at"
        label={t('workOrders.dueAt')}
        render={(order) => (order.due_at ? formatDateTime(order.due_at, order.timezone, locale) : '—')}
      />
      <FunctionField<WorkOrder> source="cost_cents" label={t('workOrders.cost')} render={cost} />
    </Datagrid>
  );
}

/** /work-orders: every work order, newest first. */
export function WorkOrderList() {
  const t = useT();
  return (
    <List
      title={t('workOrders.title')}
      sort={{ field: 'created_at', order: 'DESC' }}
      empty={<Empty />}
      actions={
        <TopToolbar>
          <CreateButton label={t('workOrders.create')} />
        </TopToolbar>
      }
    >
      <Box sx={{ overflowX: 'auto' }}>
        <Rows />
      </Box>
    </List>
  );
}
