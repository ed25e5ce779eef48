import { Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';

/** GET /api/subscription: the spec's subscription info, of which Settings shows `verified`. */
const subscriptionInfo = () => apiJson<{ verified: boolean }>('/subscription');

/** Account Security's e-mail status, as the API knows it (the account's confirmation), not assumed. */
export function EmailVerifiedChip() {
  const { data } = useQuery({ queryKey: ['subscription-info'], queryFn: subscriptionInfo });
  if (!data) return null;
  return data.verified ? (
    <Chip size="small" color="success" label="Verified" />
  ) : (
    <Chip size="small" color="warning" label="Not verified" />
  );
}
