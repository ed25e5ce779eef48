import { Card, CardContent, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import type { WorkOrder } from './work-order-types.ts';
import { WorkOrderStatusChip } from './WorkOrderStatusChip.tsx';

/** The property page's work orders, newest first (nothing when it has none). */
export function PropertyWorkOrders({ propertyId }: { propertyId: string }) {
  const t = useT();
  const { data = [] } = useGetList<WorkOrder>('work-orders', {
    filter: { property_id: propertyId },
    sort: { field: 'created_at', order: 'DESC' },
    pagination: { page: 1, perPage: 20 },
  });
  if (data.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="property-work-orders" sx={{ mt: 2 }}>
      <CardContent>
        <Typography id="property-work-orders" component="h2" variant="h6">
          {t('workOrders.onProperty')}
        </Typography>
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {data.map((order) => (
            <Stack component="li" key={order.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <WorkOrderStatusChip order={order} />
              <MuiLink component={Link} to={`/work-orders/${order.id}/show`} sx={{ overflowWrap: 'anywhere' }}>
                {order.title}
              </MuiLink>
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
