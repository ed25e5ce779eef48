import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';

export type ApiKeyScope = 'read' | 'write';

/** GET /api/api-keys: a key as the list shows it, never the key itself. */
export interface ApiKeyView {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

/** POST /api/api-keys answers the key this once. */
export type NewApiKey = ApiKeyView & { key: string };

const KEYS = ['api-keys'];

/** The owner's API keys, and creating and revoking them (the list follows each change). */
export function useApiKeys(enabled: boolean) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEYS });
  const list = useQuery({ queryKey: KEYS, queryFn: () => apiJson<ApiKeyView[]>('/api-keys'), enabled });
  const create = useMutation({
    mutationFn: (body: { name: string; scopes: ApiKeyScope[] }) =>
      apiJson<NewApiKey>('/api-keys', { method: 'POST', body }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiJson<ApiKeyView>(`/api-keys/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { list, create, revoke };
}
