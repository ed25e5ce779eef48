import { Box, CircularProgress } from '@mui/material';
import { type ComponentType, lazy, Suspense } from 'react';

export function PageLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/** A screen loaded on first visit (route-based code splitting), with a spinner meanwhile. */
export function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyPage() {
    return (
      <Suspense fallback={<PageLoading />}>
        <Lazy />
      </Suspense>
    );
  };
}
