import GavelIcon from '@mui/icons-material/Gavel';
import { Button } from '@mui/material';

/** Downloads the damage-claim ZIP of a completed run: claim PDF, original photos, capture log. */
export function ClaimPackButton({ runId }: { runId: string }) {
  return (
    <Button size="small" variant="outlined" startIcon={<GavelIcon />} href={`/api/runs/${runId}/claim-pack`} download>
      Damage claim (ZIP)
    </Button>
  );
}
