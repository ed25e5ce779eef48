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

function featuresOf(plan: Plan): string[] {
  const reports =
    plan.includedReports > 0
      ? `${plan.includedReports} reports a month, then ${dollars(plan.overageCentsPerReport)} each`
      : `${dollars(plan.overageCentsPerReport)} per report, up to ${plan.monthlyReportCap} a month`;
  const properties = plan.maxProperties === null ? 'Unlimited properties' : `Up to ${plan.maxProperties} properties`;
  const extras: Record<PlanKey, string[]> = {
    flex: ['30-day photo retention', 'No monthly fee'],
    starter: ['14-day free trial', 'Photo proof and PDF reports'],
    pro: ['14-day free trial', 'Analytics and team members'],
    team: ['14-day free trial', 'Unlimited team members'],
  };
  return [reports, properties, ...extras[plan.key]];
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
                  <Chip label="Your choice" color="primary" size="small" />
                ) : (
                  popular && <Chip label="Most popular" color={chosen ? 'default' : 'primary'} size="small" />
                )}
              </Box>
              <Typography component="p" variant="h4" sx={{ my: 1 }}>
                {dollars(plan.monthlyPriceCents)}
                <Typography component="span" color="text.secondary">
                  /month
                </Typography>
              </Typography>
              <List dense disablePadding>
                {featuresOf(plan).map((feature) => (
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
                {current === plan.key ? 'Current plan' : picking === plan.key ? 'Processing...' : `Choose ${plan.name}`}
              </Button>
            </CardActions>
          </Card>
        );
      })}
    </Box>
  );
}
