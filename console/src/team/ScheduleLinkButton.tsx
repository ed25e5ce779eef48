import EventNoteIcon from '@mui/icons-material/EventNote';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { apiJson } from '../api/http.ts';
import type { TeamMember } from './team-types.ts';

/**
 * The member's personal schedule link (`/c/{token}`: their runs, and a calendar feed for their phone):
 * shown, copied, replaced with a new one or revoked.
 */
export function ScheduleLinkButton() {
  const member = useRecordContext<TeamMember>();
  const notify = useNotify();
  const [link, setLink] = useState<string | null | undefined>(undefined);
  if (!member) return null;
  const call = async (method: 'GET' | 'POST' | 'DELETE') => {
    try {
      setLink((await apiJson<{ link: string | null }>(`/team/${member.id}/schedule-link`, { method })).link);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The schedule link could not be changed', { type: 'error' });
    }
  };
  return (
    <>
      <Button size="small" startIcon={<EventNoteIcon />} onClick={() => void call('GET')}>
        Schedule Link
      </Button>
      <Dialog open={link !== undefined} onClose={() => setLink(undefined)} fullWidth>
        <DialogTitle>{member.name}&apos;s schedule link</DialogTitle>
        <DialogContent>
          {link ? (
            <TextField
              label="Schedule link"
              value={link}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true } }}
              helperText="Their runs for today and the coming days; it also gives a calendar feed for their phone."
            />
          ) : (
            <Typography>No schedule link yet (or it was revoked).</Typography>
          )}
        </DialogContent>
        <DialogActions>
          {link && (
            <Button onClick={() => void navigator.clipboard.writeText(link).then(() => notify('Link copied'))}>
              Copy
            </Button>
          )}
          {link && (
            <Button color="error" onClick={() => void call('DELETE')}>
              Revoke
            </Button>
          )}
          <Button onClick={() => void call('POST')}>{link ? 'New Link' : 'Create Link'}</Button>
          <Button onClick={() => setLink(undefined)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
