import { Box, Card, CardContent, Typography } from '@mui/material';
import type { Analytics, ScoreFigures } from './analytics-types.ts';

function ScoreTable({ caption, who, rows }: { caption: string; who: string; rows: ScoreFigures[] }) {
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
          <th scope="col">Average score</th>
          <th scope="col">Reviews</th>
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
  const none = scores.by_property.length === 0;
  return (
    <Card variant="outlined" aria-labelledby="review-scores">
      <CardContent>
        <Typography id="review-scores" component="h2" variant="h6" gutterBottom>
          Review scores
        </Typography>
        {none ? (
          <Typography color="text.secondary">Score a completed run when you review it to see averages here.</Typography>
        ) : (
          <>
            <ScoreTable caption="Per property" who="Property" rows={scores.by_property} />
            {scores.by_cleaner.length > 0 && (
              <ScoreTable caption="Per cleaner" who="Cleaner" rows={scores.by_cleaner} />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
