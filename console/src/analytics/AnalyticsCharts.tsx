import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Analytics } from './analytics-types.ts';
import { formatCalendarDate } from '@turnproof/config/time-format';

/** A chart in a card; screen readers get the summary instead of the drawing. */
function ChartCard({
  title,
  summary,
  empty,
  children,
}: {
  title: string;
  summary: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Card component="figure" variant="outlined" sx={{ m: 0, height: '100%', minWidth: 0 }} aria-label={title}>
      <CardContent>
        <Typography component="figcaption" variant="h6" gutterBottom>
          {title}
        </Typography>
        {empty ? (
          <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
            {empty}
          </Typography>
        ) : (
          <>
            <Typography sx={visuallyHidden}>{summary}</Typography>
            <div aria-hidden style={{ width: '100%', height: 260 }}>
              {children}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

// Pixel strings: in MUI's sx a bare 1 would mean 100% and push the page sideways.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function CompletionsPerWeekChart({ data }: { data: Analytics['completions_per_week'] }) {
  const weeks = data.map((week) => ({
    week: formatCalendarDate(week.week_start, 'dayMonth'),
    completed: week.completed,
  }));
  const total = data.reduce((sum, week) => sum + week.completed, 0);
  return (
    <ChartCard
      title="Completions per week"
      empty={total === 0 ? 'No runs completed in this period yet.' : null}
      summary={weeks.map((week) => `Week of ${week.week}: ${week.completed} completed`).join('; ')}
    >
      <ResponsiveContainer>
        <BarChart data={weeks} margin={{ top: 8, right: 8, left: -16, bottom: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="week" tickLine={false} fontSize={12} />
          <YAxis allowDecimals={false} tickLine={false} fontSize={12} />
          <Tooltip />
          <Bar
            isAnimationActive={false}
            dataKey="completed"
            name="Completed runs"
            fill="#0f766e"
            radius={[4, 4, 0, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function IssuesPerPropertyChart({ data }: { data: Analytics['properties'] }) {
  const withIssues = data.filter((property) => property.issues > 0);
  return (
    <ChartCard
      title="Issues per property"
      empty={withIssues.length === 0 ? 'No issues reported in this period.' : null}
      summary={withIssues.map((property) => `${property.name}: ${property.issues} issues`).join('; ')}
    >
      <ResponsiveContainer>
        <BarChart
          data={withIssues}
          layout="vertical"
          margin={{ top: 8, right: 16, left: 8, bottom: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tickLine={false} fontSize={12} />
          <YAxis type="category" dataKey="name" width={110} tickLine={false} fontSize={12} />
          <Tooltip />
          <Bar
            isAnimationActive={false}
            maxBarSize={32}
            dataKey="issues"
            name="Issues"
            fill="#b45309"
            radius={[0, 4, 4, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
