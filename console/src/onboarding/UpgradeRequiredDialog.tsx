import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';

/** Opens when a step needs a higher plan than the owner's. */
export function UpgradeRequiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="upgrade-required-title">
      <DialogTitle id="upgrade-required-title">{t('onboarding.upgradeRequired')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('onboarding.upgradeRequiredText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('onboarding.notNow')}</Button>

        <Button variant="contained" onClick={() => navigate('/subscription')}>
          {t('upgrade.toPro')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
