import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookEventType } from '@turnproof/config/webhook-events';
import { apiJson } from '../api/http.ts';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@turnproof/config/webhook-events';

/** GET /api/webhook-endpoints: an endpoint as the list shows it, never its secret. */
export interface WebhookEndpointView {
  id: string;
  url: string;
  events: WebhookEventType[];
  secret_prefix: string;
  failing_since: string | null;
  disabled_at: string | null;
  created_at: string;
}

/** POST /api/webhook-endpoints answers the signing secret this once. */
export type NewWebhookEndpoint = WebhookEndpointView & { secret: string };

export interface WebhookDeliveryView {
  id: string;
  event_id: string;
  event_type: WebhookEventType;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  response_code: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  created_at: string;
}

const ENDPOINTS = ['webhook-endpoints'];

/** The owner's webhook endpoints, and adding and deleting them (the list follows each change). */
export function useWebhookEndpoints(enabled: boolean) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ENDPOINTS });
  const list = useQuery({
    queryKey: ENDPOINTS,
    queryFn: async () => (await apiJson<{ data: WebhookEndpointView[] }>('/webhook-endpoints')).data,
    enabled,
  });
  const create = useMutation({
    mutationFn: (body: { url: string; events: WebhookEventType[] }) =>
      apiJson<NewWebhookEndpoint>('/webhook-endpoints', { method: 'POST', body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiJson<WebhookEndpointView>(`/webhook-endpoints/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { list, create, remove };
}

/** The list is read again while shown, sooner while a delivery is pending: new events, retries and resends show up by themselves. */
const PENDING_REFRESH_MS = 2_000;
const REFRESH_MS = 10_000;

/** An endpoint's recent deliveries, and Resend. */
export function useWebhookDeliveries(endpointId: string) {
  const queryClient = useQueryClient();
  const key = [...ENDPOINTS, endpointId, 'deliveries'];
  const list = useQuery({
    queryKey: key,
    queryFn: async () =>
      (await apiJson<{ data: WebhookDeliveryView[] }>(`/webhook-endpoints/${endpointId}/deliveries`)).data,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : REFRESH_MS,
  });
  const resend = useMutation({
    mutationFn: (deliveryId: string) =>
      apiJson<WebhookDeliveryView>(`/webhook-deliveries/${deliveryId}/resend`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return { list, resend };
}
