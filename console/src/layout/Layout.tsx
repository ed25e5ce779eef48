import { Box, CircularProgress, Typography, useMediaQuery } from '@mui/material';
import { type ReactNode, useCallback, useContext, useState } from 'react';
import { LogoutOnMount } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../auth/session.ts';
import { LanguageSync } from '../i18n/LanguageSync.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { ConnectionBadge } from './ConnectionBadge.tsx';
import { MobileHeader, MobileTabBar, TAB_BAR_HEIGHT } from './MobileNav.tsx';
import { MOBILE_QUERY } from './mobile-query.ts';
import { LazySidebar } from './LazySidebar.tsx';
import { PageTransition } from './PageTransition.tsx';
import { PageCookies, readSidebarOpen, writeSidebarOpen } from './sidebarCookie.ts';
import { useLiveChanges } from './useLiveChanges.ts';
import { useShortcuts } from './useShortcuts.ts';
import { useSwipeBack } from './useSwipeBack.ts';
import { useT } from '../i18n/useT.ts';

/**
 * The authenticated frame. It sends a user who still needs onboarding to /onboarding; on desktop it shows
 * the sidebar and breadcrumbs, under 768 px the header, the tab bar and the new-property button. The page
 * and its title keep their place in the tree on both sides of 768 px, so a resize or a phone turned on its
 * side keeps the screen's state and title.
 */
export function Layout({ children }: { children: ReactNode }) {
  const t = useT();
  const session = useSession();
  const { pathname } = useLocation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const cookies = useContext(PageCookies);
  const [sidebarOpen, setSidebarOpen] = useState(() => readSidebarOpen(cookies()));
  const toggleSidebar = useCallback(
    () =>
      setSidebarOpen((open) => {
        writeSidebarOpen(!open);
        return !open;
      }),
    [],
  );
  useShortcuts(toggleSidebar);
  useSwipeBack(mobile);
  useLiveChanges();

  if (session.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  // As react-admin's requireAuth did: sign out (local data cleared) and go to /auth.
  if (!session.data?.user) return <LogoutOnMount />;
  // Back from checkout, the plan may not be applied yet: the payment page waits for it.
  if (session.data.access?.needs_onboarding && pathname !== '/payment-success') {
    return <Navigate to="/onboarding" replace />;
  }

  return (
    <Box
      sx={{
        display: mobile ? 'block' : 'flex',
        minHeight: '100vh',
        bgcolor: 'background.default',
        pb: mobile ? `${TAB_BAR_HEIGHT + 88}px` : 0,
      }}
    >
      <LanguageSync session={session.data} />
      {mobile ? <MobileHeader session={session.data} /> : <LazySidebar open={sidebarOpen} session={session.data} />}
      <Box component="main" id="main-content" sx={{ flexGrow: 1, minWidth: 0, p: mobile ? 2 : 3 }}>
        <Box sx={{ mb: mobile ? 0 : 2 }}>
          {!mobile && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Breadcrumbs />
              </Box>
              <ConnectionBadge />
            </Box>
          )}
          <Typography id="react-admin-title" component="h1" variant="h6" sx={{ '&:empty': { display: 'none' } }} />
        </Box>
        <PageTransition>{children}</PageTransition>
      </Box>
      {mobile && <MobileTabBar />}
    </Box>
  );
}
