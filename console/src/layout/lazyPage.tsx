import { Box, CircularProgress } from '@mui/material';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

export function PageLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/** A lazily loaded component that can also be loaded ahead of its first render. */
export type LazyComponent<P extends object> = ((props: P) => ReactNode) & {
  /**
   * Loads the code now; rendered afterwards, the component does not suspend. The console loads a
   * server-rendered screen's code before hydrating it: a boundary still suspended when an update reaches it
   * (react-admin's first effects) is rendered anew by the client, dropping the server's markup.
   */
  preload(): Promise<void>;
};

/**
 * A component whose code loads the first time it renders (code splitting), showing `fallback` meanwhile:
 * for pieces the dashboard's first render does not need, so they stay out of the first download.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  const loading = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(async () => ({ default: await loading() }));
  function LazyComponent(props: P) {
    // The same Suspense boundary either way, so a server-rendered screen hydrates into it. Chosen once per
    // mount: switching from Lazy to the loaded component on a later render would remount it, losing its state
    // (an open dialog, the toast react-admin's snackbar had taken off its queue).
    const [Component] = useState(() => loaded ?? Lazy);
    return (
      <Suspense fallback={fallback(props)}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyComponent, { preload: () => loading().then(() => undefined) });
}

/** A screen loaded on first visit (route-based code splitting), with a spinner meanwhile. */
export function lazyPage(load: () => Promise<ComponentType>): LazyComponent<object> {
  return lazyComponent(load, () => <PageLoading />);
}
