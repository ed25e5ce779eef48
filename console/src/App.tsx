import { QueryClient } from '@tanstack/react-query';
import type { Language } from '@turnproof/config/languages';
import { useEffect, useState } from 'react';
import { CustomRoutes, type I18nProvider, Resource, type Store } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { dataProvider, sayApiErrorsWith } from './api/http.ts';
import { AUTH_PATH, authProvider } from './auth/authProvider.ts';
import { prefetchSession } from './auth/session.ts';
import checklists from './checklists/index.ts';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { seedServedDashboard, servedPage } from './dashboard/served-dashboard.ts';
import { prefetchDashboard } from './dashboard/useDashboard.ts';
import { createI18nProvider } from './i18n/i18n-provider.ts';
import { consoleStore } from './i18n/language.ts';
import { ConsoleAdmin } from './layout/ConsoleAdmin.tsx';
import { Layout } from './layout/Layout.tsx';
import { type LazyComponent, lazyPage } from './layout/lazyPage.tsx';
import { theme } from './layout/theme.ts';
import { pagePath } from './plain-pages.ts';
import properties from './properties/index.ts';
import { NotFoundPage } from './public/NotFoundPage.tsx';
import restock from './restock/index.ts';
import runs from './runs/index.ts';
import team from './team/index.ts';
import templates from './templates/index.ts';
import workOrders from './work-orders/index.ts';

// Screens off the dashboard's path load on first visit.
const AuthPage = lazyPage(() => import('./auth/AuthPage.tsx').then((m) => m.AuthPage));
const PasswordResetPage = lazyPage(() => import('./auth/PasswordResetPage.tsx').then((m) => m.PasswordResetPage));
const OnboardingPage = lazyPage(() => import('./onboarding/OnboardingPage.tsx').then((m) => m.OnboardingPage));
const PaymentSuccessPage = lazyPage(() => import('./payment/PaymentSuccessPage.tsx').then((m) => m.PaymentSuccessPage));
const SubscriptionPage = lazyPage(() => import('./plans/SubscriptionPage.tsx').then((m) => m.SubscriptionPage));
const PaymentCancelPage = lazyPage(() => import('./payment/PaymentCancelPage.tsx').then((m) => m.PaymentCancelPage));
const AnalyticsPage = lazyPage(() => import('./analytics/AnalyticsPage.tsx').then((m) => m.AnalyticsPage));
const SettingsPage = lazyPage(() => import('./settings/SettingsPage.tsx').then((m) => m.SettingsPage));
const TimesheetsPage = lazyPage(() => import('./timesheets/TimesheetsPage.tsx').then((m) => m.TimesheetsPage));
const ProfilePage = lazyPage(() => import('./profile/ProfilePage.tsx').then((m) => m.ProfilePage));

/** The screens the API renders on the server for a signed-out visitor (api/src/auth/signed-out-pages.ts). */
const SIGNED_OUT_SCREENS: Record<string, LazyComponent<object>> = {
  [AUTH_PATH]: AuthPage,
  '/password-reset': PasswordResetPage,
};

/**
 * The console's query cache in the browser, started as the console's code arrives: seeded with the answers
 * a server-rendered page came with, else with the session (and the dashboard's figures) asked for at once.
 */
export function startConsole(): { queryClient: QueryClient; hydrate: Promise<boolean> } {
  const path = pagePath();
  const queryClient = new QueryClient();
  const served = seedServedDashboard(queryClient);
  if (!served.session) prefetchSession(queryClient);
  if (!served.dashboard && path === '/dashboard') prefetchDashboard(queryClient);
  // A server-rendered screen hydrates once its code is here, in one pass (see LazyComponent.preload).
  const screen = SIGNED_OUT_SCREENS[path];
  const hydrate =
    servedPage()?.hydrate === true && screen
      ? screen.preload().then(
          () => true,
          () => false,
        )
      : Promise.resolve(false);
  return { queryClient, hydrate };
}

/**
 * The console in the browser, in `language` (its messages loaded) to begin with: the store already names it
 * (startingLanguage), so the first render matches a server-rendered page, which it hydrates.
 */
export function App({ queryClient, language }: { queryClient: QueryClient; language: Language }) {
  const [i18nProvider] = useState(() => createI18nProvider(language));
  // After the first commit: a render (the hydration of a server-rendered screen above all) stays free of it.
  useEffect(() => sayApiErrorsWith(i18nProvider), [i18nProvider]);
  return (
    <BrowserRouter>
      <Console queryClient={queryClient} store={consoleStore} i18nProvider={i18nProvider} />
    </BrowserRouter>
  );
}

/**
 * The owner console: a table of contents of its screens, under the browser's router or the server's
 * (entry-server.tsx renders the signed-out screens with it, and the browser hydrates them).
 */
export function Console({
  queryClient,
  store,
  i18nProvider,
}: {
  queryClient: QueryClient;
  store: Store;
  i18nProvider: I18nProvider;
}) {
  return (
    <ConsoleAdmin
      queryClient={queryClient}
      store={store}
      i18nProvider={i18nProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      layout={Layout}
      dashboard={Dashboard}
      catchAll={NotFoundPage}
      theme={theme}
    >
      <CustomRoutes noLayout>
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/password-reset" element={<PasswordResetPage />} />
        <Route path="/onboarding" element={<OnboardingPage />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
        {/* The welcome screen is onboarding's first view (a finished onboarding goes on to the dashboard). */}
        <Route path="/dashboard/welcome" element={<Navigate to="/onboarding" replace />} />
        <Route path="/payment-success" element={<PaymentSuccessPage />} />
        <Route path="/payment-cancel" element={<PaymentCancelPage />} />
        <Route path="/subscription" element={<SubscriptionPage />} />
        {/* The spec's paths for screens react-admin names after the resource. */}
        <Route path="/properties/new" element={<Navigate to="/properties/create" replace />} />
        <Route path="/inspections" element={<Navigate to="/runs" replace />} />
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route path="/timesheets" element={<TimesheetsPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/settings/team" element={<Navigate to="/team" replace />} />
        <Route path="/profile" element={<ProfilePage />} />
      </CustomRoutes>
      <Resource name="properties" {...properties} />
      <Resource name="runs" {...runs} />
      <Resource name="templates" {...templates} />
      <Resource name="checklists" {...checklists} />
      <Resource name="team" {...team} />
      <Resource name="restock" {...restock} />
      <Resource name="work-orders" {...workOrders} />
    </ConsoleAdmin>
  );
}
