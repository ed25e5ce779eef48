import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { SUCCESS_STORIES, SUCCESS_STORY_ROTATION_MS } from './success-stories.ts';
import { useRotation } from './useRotation.ts';
import { useT } from '../i18n/useT.ts';

/** One host's success story at a time, rotating every 8 s; screen readers hear each new one politely. */
export function SuccessStoryCard() {
  const t = useT();
  const story = SUCCESS_STORIES[useRotation(SUCCESS_STORIES.length, SUCCESS_STORY_ROTATION_MS)]!;
  return (
    <Card variant="outlined" component="section" aria-labelledby="success-story">
      <CardContent>
        <Typography id="success-story" component="h2" variant="h6" gutterBottom>
          {t('dashboard.successStory')}
        </Typography>
        <Box aria-live="polite" data-success-story>
          <FormatQuoteIcon color="primary" aria-hidden />
          <Typography sx={{ fontWeight: 600 }}>{t(story.outcome)}</Typography>
          <Typography color="text.secondary" sx={{ my: 1 }}>
            {t(story.story)}
          </Typography>
          <Typography variant="body2">— {t(story.who)}</Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
