/**
 * Whether a new version of the runner is installed and waiting: what the update prompt shows. Kept apart
 * from the registration (workbox-window), which is loaded only after the first task shows.
 */
export interface UpdateState {
  waiting: boolean;
  reload(): void;
}

let state: UpdateState = { waiting: false, reload: () => undefined };
const listeners = new Set<() => void>();

export function setUpdateState(next: UpdateState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const updateStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): UpdateState => state,
};
