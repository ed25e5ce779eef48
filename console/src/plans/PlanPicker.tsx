import CheckIcon from '@mui/icons-material/Check';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemIcon,
  Typography,
} from '@mui/material';
import type { Plan, PlanKey } from '../types.ts';
import { dollars } from './format.ts';
import type { MessageKey } from '../i18n/keys.ts';
import { type T, useT } from '../i18n/useT.ts';

function featuresOf(t: T, plan: Plan): string[] {
  const price = dollars(plan.overageCentsPerReport);
  const reports =
    plan.includedReports > 0
      ? t('plans.reportsIncluded', { count: plan.includedReports, price })
      : t('plans.reportsPayAsYouGo', { price, cap: plan.monthlyReportCap ?? '' });
  const properties =
    plan.maxProperties === null
      ? t('plans.unlimitedProperties')
      : t('plans.upToProperties', { max: plan.maxProperties });
  const extras: Record<PlanKey, MessageKey[]> = {
    flex: ['plans.retention30', 'plans.noMonthlyFee'],
    starter: ['plans.freeTrial14', 'plans.photoProof'],
    pro: ['plans.freeTrial14', 'plans.analyticsTeam'],
    team: ['plans.freeTrial14', 'plans.unlimitedTeam'],
  };
  return [reports, properties, ...extras[plan.key].map((key) => t(key))];
}

/**
 * The four plans of plan set A; one button per plan, busy while that plan is being picked. The plan the
 * visitor picked on the pricing page (`chosen`) stands out instead of the most popular one.
 */
export function PlanPicker({
  plans,
  current,
  chosen = null,
  picking,
  onPick,
}: {
  plans: Plan[];
  current?: PlanKey | null;
  chosen?: PlanKey | null;
  picking: PlanKey | null;
  onPick: (plan: PlanKey) => void;
}) {
  const t = useT();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
      {plans.map((plan) => {
        const popular = plan.key === 'pro';
        const highlighted = plan.key === (chosen ?? 'pro');
        return (
          <Card
            key={plan.key}
            variant="outlined"
            sx={{
              display: 'flex',
              flexDirection: 'column',
              borderColor: highlighted ? 'primary.main' : undefined,
              borderWidth: highlighted ? 2 : 1,
            }}
          >
            <CardContent sx={{ flexGrow: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography component="h3" variant="h6">
                  {plan.name}
                </Typography>
                {chosen === plan.key ? (
                  <Chip label={t('plans.yourChoice')} color="primary" size="small" />
                ) : (
                  popular && <Chip label={t('plans.mostPopular')} color={chosen ? 'default' : 'primary'} size="small" />
                )}
              </Box>
              <Typography component="p" variant="h4" sx={{ my: 1 }}>
                {dollars(plan.monthlyPriceCents)}
                <Typography component="span" color="text.secondary">
                  {t('plans.perMonth')}
                </Typography>
              </Typography>
              <List dense disablePadding>
                {featuresOf(t, plan).map((feature) => (
                  <ListItem key={feature} disableGutters>
                    <ListItemIcon sx={{ minWidth: 28 }}>
                      <CheckIcon fontSize="small" color="success" />
                    </ListItemIcon>
                    {feature}
                  </ListItem>
                ))}
              </List>
            </CardContent>
            <CardActions sx={{ p: 2, pt: 0 }}>
              <Button
                fullWidth
                variant={highlighted ? 'contained' : 'outlined'}
                disabled={picking !== null || current === plan.key}
                onClick={() => onPick(plan.key)}
              >
                {current === plan.key
                  ? t('plans.currentPlan')
                  : picking === plan.key
                    ? t('plans.processing')
                    : t('plans.choose', { plan: plan.name })}
              </Button>
            </CardActions>
          </Card>
        );
      })}
    </Box>
  );
}
