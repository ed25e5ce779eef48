import { Box, CircularProgress } from '@mui/material';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useT } from '../i18n/useT.ts';

export function PageLoading() {
  const t = useT();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

/**
 * A component whose code loads the first time it renders (code splitting), showing `fallback` meanwhile:
 * for pieces the dashboard's first render does not need, so they stay out of the first download.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
): (props: P) => ReactNode {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyComponent(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

/** A screen loaded on first visit (route-based code splitting), with a spinner meanwhile. */
export function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  return lazyComponent(load, () => <PageLoading />);
}
