import { Box, Card, CardContent, Typography } from '@mui/material';
import type { Analytics, ScoreFigures } from './analytics-types.ts';
import { useT } from '../i18n/useT.ts';

function ScoreTable({ caption, who, rows }: { caption: string; who: string; rows: ScoreFigures[] }) {
  const t = useT();
  return (
    <Box
      component="table"
      sx={{
        width: '100%',
        borderCollapse: 'collapse',
        mb: 2,
        '& caption': { textAlign: 'left', fontWeight: 600, pb: 0.5 },
        '& th, & td': { py: 1, px: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'right' },
        '& th:first-of-type, & td:first-of-type': { textAlign: 'left' },
      }}
    >
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{who}</th>
          <th scope="col">{t('analytics.averageScore')}</th>
          <th scope="col">{t('analytics.reviews')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{row.name}</td>
            <td>{row.average_score.toFixed(1)} / 5</td>
            <td>{row.reviews}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/** The hosts' review scores of the period: average per property and per cleaner. */
export function ReviewScores({ scores }: { scores: Analytics['review_scores'] }) {
  const t = useT();
  const none = scores.by_property.length === 0;
  return (
    <Card variant="outlined" aria-labelledby="review-scores">
      <CardContent>
        <Typography id="review-scores" component="h2" variant="h6" gutterBottom>
          {t('analytics.reviewScores')}
        </Typography>
        {none ? (
          <Typography color="text.secondary">{t('analytics.scoreHint')}</Typography>
        ) : (
          <>
            <ScoreTable caption={t('analytics.perProperty')} who={t('analytics.property')} rows={scores.by_property} />
            {scores.by_cleaner.length > 0 && (
              <ScoreTable caption={t('analytics.perCleaner')} who={t('analytics.cleaner')} rows={scores.by_cleaner} />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
