import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import {
  Box,
  Button,
  Card,
  CardContent,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDateTime } from '@turnproof/config/time-format';
import { List, TopToolbar, useListContext, useLocale } from 'react-admin';
import { useT } from '../i18n/useT.ts';
import { EmptyPanel } from '../layout/EmptyPanel.tsx';
import type { RestockRecord } from '../resource-records.ts';

/** /restock: what each property needs, from each supply's newest count; printable and as CSV. */
export function RestockList() {
  const t = useT();
  return (
    <List
      title={t('supplies.restockTitle')}
      empty={<EmptyRestock />}
      actions={<RestockActions />}
      pagination={false}
      perPage={500}
      sx={{ '& .RaList-content': { boxShadow: 'none', bgcolor: 'transparent' } }}
    >
      <RestockByProperty />
    </List>
  );
}

function RestockActions() {
  const t = useT();
  return (
    <TopToolbar className="restock-no-print">
      <Button startIcon={<PrintIcon />} onClick={() => window.print()}>
        {t('supplies.print')}
      </Button>
      <Button component="a" href="/api/restock.csv" download startIcon={<DownloadIcon />}>
        {t('supplies.csv')}
      </Button>
    </TopToolbar>
  );
}

function EmptyRestock() {
  const t = useT();
  return (
    <Box sx={{ mt: 2 }}>
      <EmptyPanel
        icon={<ShoppingCartIcon />}
        title={t('supplies.restockEmptyTitle')}
        text={t('supplies.restockEmptyText')}
      />
    </Box>
  );
}

/** One card per property (the list arrives by property name), one line per supply to bring. */
function RestockByProperty() {
  const t = useT();
  const locale = useLocale();
  const { data, isPending } = useListContext<RestockRecord>();
  if (isPending) return <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} aria-label={t('common.loading')} />;
  const byProperty = new Map<string, RestockRecord[]>();
  for (const line of data ?? []) byProperty.set(line.property_id, [...(byProperty.get(line.property_id) ?? []), line]);
  const properties = [...byProperty.values()];
  const found = (line: RestockRecord) =>
    line.level === 'low' ? t('supplies.low') : t('supplies.countOf', { count: line.count ?? 0, unit: line.unit });
  return (
    <Stack className="restock-print" spacing={2} sx={{ mt: 1 }}>
      <Typography component="h1" variant="h5" className="restock-print-only">
        {t('supplies.restockTitle')}
      </Typography>
      {properties.map((lines) => (
        <Card key={lines[0]!.property_id} variant="outlined" component="section">
          <CardContent>
            <Typography component="h2" variant="h6">
              {lines[0]!.property}
            </Typography>
            <Table size="small" aria-label={t('supplies.restockOf', { property: lines[0]!.property })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('supplies.name')}</TableCell>
                  <TableCell>{t('supplies.found')}</TableCell>
                  <TableCell align="right">{t('supplies.needed')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.map((line) => (
                  <TableRow key={line.id}>
                    <TableCell>
                      <Box component="span" sx={{ display: 'block' }}>
                        {line.name}
                      </Box>
                      <Typography variant="body2" color="text.secondary">
                        {t('supplies.parOf', { par: line.par_level, unit: line.unit })}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Box component="span" sx={{ display: 'block' }}>
                        {found(line)}
                      </Box>
                      <Typography variant="body2" color="text.secondary">
                        {formatDateTime(line.counted_at, line.timezone, locale)}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">
                      <strong>
                        {line.needed === null
                          ? t('supplies.topUp', { par: line.par_level })
                          : t('supplies.bring', { count: line.needed, unit: line.unit })}
                      </strong>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
