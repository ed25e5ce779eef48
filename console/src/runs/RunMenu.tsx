import DeleteIcon from '@mui/icons-material/Delete';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { IconButton, ListItemIcon, Menu, MenuItem } from '@mui/material';
import { Link } from 'react-router-dom';
import { useState } from 'react';
import { Confirm, useDelete, useNotify } from 'react-admin';
import { useT } from '../i18n/useT.ts';
import type { RunRecord } from '../resource-records.ts';
import { tokenOf } from './link-actions.ts';

/** The run's menu: Open Run (only while in progress, in a new tab) and Delete Run with its warning. */
export function RunMenu({ run }: { run: RunRecord }) {
  const t = useT();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending }] = useDelete<RunRecord>();
  const canOpen = run.status === 'in_progress' && run.magic_link !== null;

  const deleteRun = () =>
    remove(
      'runs',
      { id: run.id, previousData: run },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          notify(t('runActions.runDeleted'), { type: 'success' });
        },
        onError: () => notify(t('runActions.deleteFailed'), { type: 'error' }),
      },
    );

  return (
    <>
      <IconButton
        aria-label={t('runActions.moreActions', { name: run.property.name })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem component={Link} to={`/runs/${run.id}/show`} onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <VisibilityIcon fontSize="small" />
          </ListItemIcon>
          {t('runActions.runDetails')}
        </MenuItem>
        {canOpen && (
          <MenuItem
            component="a"
            href={`${window.location.origin}/run/${tokenOf(run.magic_link ?? '')}`}
            target="_blank"
            rel="noopener"
            onClick={() => setAnchor(null)}
          >
            <ListItemIcon>
              <OpenInNewIcon fontSize="small" />
            </ListItemIcon>
            {t('runActions.openRun')}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirming(true);
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon>
            <DeleteIcon fontSize="small" color="error" />
          </ListItemIcon>
          {t('runActions.deleteRun')}
        </MenuItem>
      </Menu>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title={t('runActions.deleteTitle')}
        content={t('runActions.deleteContent')}
        confirm={t('runActions.deleteRun')}
        confirmColor="warning"
        onConfirm={deleteRun}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
