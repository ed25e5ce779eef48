import AddIcon from '@mui/icons-material/Add';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Badge,
  BottomNavigation,
  BottomNavigationAction,
  Fab,
  IconButton,
  Paper,
  Toolbar,
  Typography,
} from '@mui/material';
import { type MouseEvent, useEffect, useState } from 'react';
import { useLogout } from 'react-admin';
import type { Session } from '../auth/session.ts';
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';
import { Link, useLocation } from 'react-router-dom';
import { mainNavigation, paths } from './navigation.ts';
import { ConnectionBadge } from './ConnectionBadge.tsx';
import { LazySidebar } from './LazySidebar.tsx';
import { PLAIN_MENU_ID } from './mobile-query.ts';
import { PlainMenu } from './PlainMenu.tsx';
import { SignOutForm } from './SignOutForm.tsx';
import { useOpenedOnce } from './useOpenedOnce.ts';
import { badgeText, useRunsInProgress } from './useRunsInProgress.ts';
import { BrandMark } from './BrandMark.tsx';

const TABS: MessageKey[] = ['nav.dashboard', 'nav.properties', 'nav.inspections', 'nav.analytics'];
export const TAB_BAR_HEIGHT = 64;
/** react-admin pins a phone's form toolbar to the bottom of the screen, where the tab bar would cover Save. */
export const ABOVE_TAB_BAR = { '&.RaToolbar-mobileToolbar': { bottom: `${TAB_BAR_HEIGHT}px` } };

/** Whether the URL shows the plain menu (never on the server, which renders the page without its fragment). */
const plainMenuShown = () => typeof window !== 'undefined' && window.location.hash === `#${PLAIN_MENU_ID}`;

/**
 * Under 768 px: the top header with the product name, a menu button for the whole sidebar and Sign Out.
 * Both buttons work on the server's HTML before the console runs: the menu button links to the plain menu,
 * Sign Out is a form (PlainMenu.tsx, SignOutForm.tsx).
 */
export function MobileHeader({ session }: { session: Session }) {
  const t = useT();
  const logout = useLogout();
  // The plain menu, opened before the console ran, becomes the drawer (and the fragment that showed it goes).
  const [menuOpen, setMenuOpen] = useState(() => plainMenuShown());
  const menuLoaded = useOpenedOnce(menuOpen);
  useEffect(() => {
    if (plainMenuShown()) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
  }, []);
  return (
    <AppBar position="sticky" color="default" elevation={1}>
      <Toolbar>
        <IconButton
          edge="start"
          component="a"
          href={`#${PLAIN_MENU_ID}`}
          role="button"
          aria-label={t('nav.openMenu')}
          onClick={(event: MouseEvent) => {
            event.preventDefault();
            setMenuOpen(true);
          }}
          sx={{ mr: 1 }}
        >
          <MenuIcon />
        </IconButton>
        <PlainMenu />
        {menuLoaded && <LazySidebar open={menuOpen} session={session} onClose={() => setMenuOpen(false)} />}
        <BrandMark size={24} />
        <Typography component="span" variant="h6" sx={{ ml: 1, flexGrow: 1 }}>
          Turnproof
        </Typography>
        <ConnectionBadge />
        <SignOutForm onSignOut={() => void logout()}>
          <IconButton type="submit" aria-label={t('nav.signOut')}>
            <LogoutIcon />
          </IconButton>
        </SignOutForm>
      </Toolbar>
    </AppBar>
  );
}

/** Under 768 px: the bottom tab bar (Inspections shows the runs in progress) and the new-property button. */
export function MobileTabBar() {
  const t = useT();
  const { pathname } = useLocation();
  const inProgress = useRunsInProgress();
  const tabs = mainNavigation.filter((item) => TABS.includes(item.label));
  const current = tabs.find((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`))?.path ?? false;
  return (
    <>
      <Paper
        component="nav"
        aria-label={t('nav.tabs')}
        elevation={3}
        sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 'appBar' }}
      >
        <Fab
          color="primary"
          aria-label={t('nav.addProperty')}
          component={Link}
          to={paths.newProperty}
          sx={{ position: 'fixed', right: 16, bottom: TAB_BAR_HEIGHT + 16, zIndex: 'speedDial' }}
        >
          <AddIcon />
        </Fab>
        <BottomNavigation value={current} showLabels sx={{ height: TAB_BAR_HEIGHT }}>
          {tabs.map((tab) => (
            <BottomNavigationAction
              key={tab.path}
              value={tab.path}
              label={t(tab.label)}
              component={Link}
              to={tab.path}
              icon={
                tab.path === paths.runs && inProgress ? (
                  <Badge
                    badgeContent={badgeText(inProgress)}
                    color="warning"
                    aria-label={t('nav.inProgress', { count: inProgress })}
                  >
                    <tab.Icon />
                  </Badge>
                ) : (
                  <tab.Icon />
                )
              }
            />
          ))}
        </BottomNavigation>
      </Paper>
    </>
  );
}
