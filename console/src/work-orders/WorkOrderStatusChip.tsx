import { Chip } from '@mui/material';
import { useT } from '../i18n/useT.ts';
import type { WorkOrder } from './work-order-types.ts';

const COLORS = { open: 'default', in_progress: 'info', done: 'warning', approved: 'success' } as const;

/** Where the work order stands; done at a cost over the limit reads as waiting for the owner. */
export function WorkOrderStatusChip({ order }: { order: Pick<WorkOrder, 'status'> }) {
  const t = useT();
  return <Chip size="small" color={COLORS[order.status]} label={t(`workOrders.statuses.${order.status}`)} />;
}
