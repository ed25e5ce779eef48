import BuildIcon from '@mui/icons-material/Build';
import { lazyPage } from '../layout/lazyPage.tsx';
import type { WorkOrder } from './work-order-types.ts';

export default {
  list: lazyPage(() => import('./WorkOrderList.tsx').then((m) => m.WorkOrderList)),
  create: lazyPage(() => import('./WorkOrderCreate.tsx').then((m) => m.WorkOrderCreate)),
  show: lazyPage(() => import('./WorkOrderShow.tsx').then((m) => m.WorkOrderShow)),
  icon: BuildIcon,
  recordRepresentation: (order: WorkOrder) => order.title,
};
