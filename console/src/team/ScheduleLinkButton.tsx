import EventNoteIcon from '@mui/icons-material/EventNote';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { apiJson } from '../api/http.ts';
import type { TeamMember } from './team-types.ts';
import { useT } from '../i18n/useT.ts';

/**
 * The member's personal schedule link (`/c/{token}`: their runs, and a calendar feed for their phone):
 * shown, copied, replaced with a new one or revoked.
 */
export function ScheduleLinkButton() {
  const t = useT();
  const member = useRecordContext<TeamMember>();
  const notify = useNotify();
  const [link, setLink] = useState<string | null | undefined>(undefined);
  if (!member) return null;
  const call = async (method: 'GET' | 'POST' | 'DELETE') => {
    try {
      setLink((await apiJson<{ link: string | null }>(`/team/${member.id}/schedule-link`, { method })).link);
    } catch (error) {
      notify(error instanceof Error ? error.message : t('team.scheduleFailed'), { type: 'error' });
    }
  };
  return (
    <>
      <Button size="small" startIcon={<EventNoteIcon />} onClick={() => void call('GET')}>
        {t('team.scheduleLink')}
      </Button>
      <Dialog open={link !== undefined} onClose={() => setLink(undefined)} fullWidth>
        <DialogTitle>{member.name}&apos;s schedule link</DialogTitle>
        <DialogContent>
          {link ? (
            <TextField
              label={t('team.scheduleLinkLabel')}
              value={link}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true } }}
              helperText={t('team.scheduleHint')}
            />
          ) : (
            <Typography>{t('team.noScheduleLink')}</Typography>
          )}
        </DialogContent>
        <DialogActions>
          {link && (
            <Button onClick={() => void navigator.clipboard.writeText(link).then(() => notify(t('team.linkCopied')))}>
              {t('common.copy')}
            </Button>
          )}
          {link && (
            <Button color="error" onClick={() => void call('DELETE')}>
              {t('team.revoke')}
            </Button>
          )}
          <Button onClick={() => void call('POST')}>{link ? t('team.newLink') : t('team.createLink')}</Button>
          <Button onClick={() => setLink(undefined)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
