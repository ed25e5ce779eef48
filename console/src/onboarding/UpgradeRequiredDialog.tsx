import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { UPGRADE_TO_PRO } from '../plans/upgrade-messages.ts';

/** Opens when a step needs a higher plan than the owner's. */
export function UpgradeRequiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="upgrade-required-title">
      <DialogTitle id="upgrade-required-title">Upgrade Required</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Upgrade to Pro to unlock advanced features such as team collaboration and analytics.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Not now</Button>
        <Button variant="contained" onClick={() => navigate('/subscription')}>
          {UPGRADE_TO_PRO}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
