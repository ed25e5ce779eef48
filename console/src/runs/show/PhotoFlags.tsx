import { Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/useT.ts';
import { type EvidenceMedia, useAcceptCheck } from './run-evidence.ts';

/**
 * The server's flags on a photo, each a plain sentence; the host accepts one (it stays, marked accepted).
 * A reused photo links to the earlier run it repeats.
 */
export function PhotoFlags({ runId, item }: { runId: string; item: EvidenceMedia }) {
  const t = useT();
  const accept = useAcceptCheck(runId);
  if (item.checks.length === 0) return null;
  return (
    <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {item.checks.map((check) => {
        const sentence = t(`runPage.photoChecks.${check}`);
        const accepted = item.accepted_checks.includes(check);
        return (
          <li key={check}>
            <Typography variant="caption" color={accepted ? 'text.secondary' : 'warning.dark'} component="p">
              {accepted ? t('runPage.photoChecks.accepted', { sentence }) : sentence}
            </Typography>
            {check === 'reused' && item.reused_from && (
              <MuiLink component={Link} to={`/runs/${item.reused_from.run_id}/show`} variant="caption">
                {t('runPage.photoChecks.earlierRun')}
              </MuiLink>
            )}
            {!accepted && (
              <Button
                size="small"
                aria-label={t('runPage.photoChecks.acceptLabel', { sentence })}
                disabled={accept.isPending}
                onClick={() => accept.mutate({ mediaId: item.id, check })}
              >
                {t('runPage.photoChecks.accept')}
              </Button>
            )}
          </li>
        );
      })}
    </Stack>
  );
}
