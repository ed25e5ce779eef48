import { Card, CardContent, Stack, Typography } from '@mui/material';
import { propertyLimitMessage } from '../plans/upgrade-messages.ts';
import { creditsLeftText, usePromoCredits } from '../plans/usePromoCredits.ts';
import type { Access } from '../types.ts';
import { UsageMeter } from './UsageMeter.tsx';

const PROPERTY_WARNING = 0.8;
const REPORT_WARNING = 0.8;

function propertyNote(count: number, max: number | null): string | undefined {
  if (max === null) return undefined;
  if (count >= max) return propertyLimitMessage(max);
  if (count >= max * PROPERTY_WARNING) return 'You are close to your property limit.';
  return undefined;
}

function reportNote(access: Access): string | undefined {
  const { reports } = access;
  if (reports.cap === null) return 'Extra reports are billed per report.';
  if (reports.used >= reports.cap) return 'Report limit reached';
  if (reports.used >= reports.cap * REPORT_WARNING) return 'Approaching report limit';
  // The trial opens Pro's features; its reports are metered at Flex's monthly cap until a plan is bought.
  if (access.on_trial) return `Your trial includes up to ${reports.cap} reports a month.`;
  return undefined;
}

/** The property-limit and report-usage meters of the owner's plan. */
export function PlanUsageCard({ access, properties, orgId }: { access: Access; properties: number; orgId: string }) {
  const credits = usePromoCredits(orgId).data ?? 0;
  const reportLimit = access.reports.cap ?? access.reports.included;
  return (
    <Card variant="outlined" component="section" aria-labelledby="plan-usage">
      <CardContent>
        <Typography id="plan-usage" component="h2" variant="h6" gutterBottom>
          Plan Usage
        </Typography>
        <Stack spacing={2}>
          <UsageMeter
            label="Properties"
            used={properties}
            limit={access.limits.max_properties}
            note={propertyNote(properties, access.limits.max_properties)}
          />
          <UsageMeter
            label="Reports this period"
            used={access.reports.used}
            limit={reportLimit}
            note={reportNote(access)}
          />
          {credits > 0 && (
            <Typography variant="body2" data-promo-credits>
              {creditsLeftText(credits)}
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
