import { Card, CardContent, Stack, Typography } from '@mui/material';
import { creditsLeftText, usePromoCredits } from '../plans/usePromoCredits.ts';
import type { Access } from '../types.ts';
import { UsageMeter } from './UsageMeter.tsx';
import { type T, useT } from '../i18n/useT.ts';

const PROPERTY_WARNING = 0.8;
const REPORT_WARNING = 0.8;

function propertyNote(t: T, count: number, max: number | null): string | undefined {
  if (max === null) return undefined;
  if (count >= max) return t('upgrade.propertyLimit', { max });
  if (count >= max * PROPERTY_WARNING) return t('dashboard.closeToPropertyLimit');
  return undefined;
}

function reportNote(t: T, access: Access): string | undefined {
  const { reports } = access;
  if (reports.cap === null) return t('dashboard.extraReportsBilled');
  if (reports.used >= reports.cap) return t('dashboard.reportLimitReached');
  if (reports.used >= reports.cap * REPORT_WARNING) return t('dashboard.approachingReportLimit');
  // The trial opens Pro's features; its reports are metered at Flex's monthly cap until a plan is bought.
  if (access.on_trial) return t('dashboard.trialReports', { cap: reports.cap });
  return undefined;
}

/** The property-limit and report-usage meters of the owner's plan. */
export function PlanUsageCard({ access, properties, orgId }: { access: Access; properties: number; orgId: string }) {
  const t = useT();
  const credits = usePromoCredits(orgId).data ?? 0;
  const reportLimit = access.reports.cap ?? access.reports.included;
  return (
    <Card variant="outlined" component="section" aria-labelledby="plan-usage">
      <CardContent>
        <Typography id="plan-usage" component="h2" variant="h6" gutterBottom>
          {t('dashboard.planUsage')}
        </Typography>
        <Stack spacing={2}>
          <UsageMeter
            label={t('dashboard.properties')}
            used={properties}
            limit={access.limits.max_properties}
            note={propertyNote(t, properties, access.limits.max_properties)}
          />
          <UsageMeter
            label={t('dashboard.reportsThisPeriod')}
            used={access.reports.used}
            limit={reportLimit}
            note={reportNote(t, access)}
          />
          {credits > 0 && (
            <Typography variant="body2" data-promo-credits>
              {creditsLeftText(t, credits)}
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
