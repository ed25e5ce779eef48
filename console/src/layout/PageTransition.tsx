import { Box } from '@mui/material';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

const FADE_MS = 150;

/**
 * The spec's page transitions in wait mode: the old page is gone before the new one fades in, so two
 * screens never show at once. The fade runs on the same element (no remount: screens keep their state)
 * and not at all for people who ask for reduced motion, nor for the first screen of a page load.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const page = useRef<HTMLDivElement>(null);
  const shownPath = useRef(pathname);
  useEffect(() => {
    // The first screen of a page load has no old page to follow: it shows at once (the fade delayed the
    // dashboard's largest paint by the fade's length).
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    page.current?.animate?.([{ opacity: 0 }, { opacity: 1 }], { duration: FADE_MS, easing: 'ease-out' });
  }, [pathname]);
  return (
    <Box ref={page} data-page-transition>
      {children}
    </Box>
  );
}
