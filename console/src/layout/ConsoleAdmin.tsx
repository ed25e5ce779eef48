import { CssBaseline } from '@mui/material';
import {
  AdminContext,
  type AdminContextProps,
  CoreAdminUI,
  type CoreAdminUIProps,
  useNotificationContext,
} from 'react-admin';
import { installOffer } from '@turnproof/config/install-offer';
import { useSyncExternalStore } from 'react';
import { MOBILE_QUERY } from './mobile-query.ts';
import { lazyComponent, PageLoading } from './lazyPage.tsx';
import { TAB_BAR_HEIGHT } from './MobileNav.tsx';
import { useOpenedOnce } from './useOpenedOnce.ts';

type ErrorProps = Parameters<NonNullable<CoreAdminUIProps['error']>>[0];

const Notification = lazyComponent(() => import('./raScreens.ts').then((m) => m.Notification));
const ErrorScreen = lazyComponent<ErrorProps>(() => import('./raScreens.ts').then((m) => m.Error));
const AuthenticationError = lazyComponent(() => import('./raScreens.ts').then((m) => m.AuthenticationError));
const AccessDenied = lazyComponent(() => import('./raScreens.ts').then((m) => m.AccessDenied));
const InstallPrompt = lazyComponent(() => import('./InstallPrompt.tsx').then((m) => m.InstallPrompt));

/** Under 768 px the toasts sit above the tab bar, not under it. */
const ABOVE_TAB_BAR = { [`@media ${MOBILE_QUERY}`]: { bottom: `${TAB_BAR_HEIGHT + 16}px` } };

/** react-admin's snackbar, loaded with the first notification and kept from then on (it takes them off the queue). */
function NotificationOnDemand() {
  const { notifications } = useNotificationContext();
  return useOpenedOnce(notifications.length > 0) ? <Notification sx={ABOVE_TAB_BAR} /> : null;
}

type ConsoleAdminProps = Pick<CoreAdminUIProps, 'children' | 'layout' | 'dashboard' | 'catchAll'> &
  Pick<AdminContextProps, 'queryClient' | 'dataProvider' | 'authProvider' | 'theme' | 'store' | 'i18nProvider'>;

const offerShown = () => installOffer.getSnapshot();
/** The spec's install prompt (install-offer.ts decides when), above the tab bar under 768 px. */
function InstallOffer() {
  // Never shown on the server: hydration starts from the server's markup.
  const shown = useSyncExternalStore(installOffer.subscribe, offerShown, () => false);
  return shown ? <InstallPrompt sx={ABOVE_TAB_BAR} /> : null;
}

/**
 * react-admin's <Admin> without its <AdminUI> defaults: those bring the login form (react-hook-form, text
 * fields), the default layout and menu into the first download even when the console replaces them all.
 * The same contexts and routes, with only the pieces the console uses; notifications and error screens load
 * on first use. No `requireAuth`: Layout checks the session (asked for by index.html) before any screen, and
 * react-admin's own check put a loading screen, and a render, before the dashboard's first paint.
 */
export function ConsoleAdmin({ children, layout, dashboard, catchAll, theme, ...providers }: ConsoleAdminProps) {
  return (
    <AdminContext {...providers} theme={theme}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title="Turnproof"
          layout={layout}
          dashboard={dashboard}
          catchAll={catchAll}
          loading={PageLoading}
          error={ErrorScreen}
          authenticationError={AuthenticationError}
          accessDenied={AccessDenied}
          disableTelemetry
        >
          {children}
        </CoreAdminUI>
        <NotificationOnDemand />
        <InstallOffer />
      </CssBaseline>
    </AdminContext>
  );
}
