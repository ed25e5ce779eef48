import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNavigate } from 'react-router-dom';

/** Opens when a step needs a higher plan than the owner's. */
export function UpgradeRequiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="upgrade-required-title">
      <DialogTitle id="upgrade-required-title">Upgrade Required</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Upgrade to Professional to unlock advanced features such as team collaboration and analytics.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Not now</Button>
        <Button variant="contained" onClick={() => navigate('/subscription')}>
          Upgrade to Professional
        </Button>
      </DialogActions>
    </Dialog>
  );
}
