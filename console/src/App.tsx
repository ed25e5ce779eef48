import { QueryClient } from '@tanstack/react-query';
import { CustomRoutes, Resource } from 'react-admin';
import type { Language } from '@turnproof/config/languages';
import { useState } from 'react';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { dataProvider } from './api/http.ts';
import { authProvider } from './auth/authProvider.ts';
import { prefetchSession } from './auth/session.ts';
import checklists from './checklists/index.ts';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { seedServedDashboard } from './dashboard/served-dashboard.ts';
import { prefetchDashboard } from './dashboard/useDashboard.ts';
import { createI18nProvider } from './i18n/i18n-provider.ts';
import { ConsoleAdmin } from './layout/ConsoleAdmin.tsx';
import { Layout } from './layout/Layout.tsx';
import { lazyPage } from './layout/lazyPage.tsx';
import { theme } from './layout/theme.ts';
import properties from './properties/index.ts';
import { NotFoundPage } from './public/NotFoundPage.tsx';
import runs from './runs/index.ts';
import team from './team/index.ts';
import templates from './templates/index.ts';

// Screens off the dashboard's path load on first visit.
const AuthPage = lazyPage(() => import('./auth/AuthPage.tsx').then((m) => m.AuthPage));
const PasswordResetPage = lazyPage(() => import('./auth/PasswordResetPage.tsx').then((m) => m.PasswordResetPage));
const OnboardingPage = lazyPage(() => import('./onboarding/OnboardingPage.tsx').then((m) => m.OnboardingPage));
const PaymentSuccessPage = lazyPage(() => import('./payment/PaymentSuccessPage.tsx').then((m) => m.PaymentSuccessPage));
const SubscriptionPage = lazyPage(() => import('./plans/SubscriptionPage.tsx').then((m) => m.SubscriptionPage));
const PaymentCancelPage = lazyPage(() => import('./payment/PaymentCancelPage.tsx').then((m) => m.PaymentCancelPage));
const AnalyticsPage = lazyPage(() => import('./analytics/AnalyticsPage.tsx').then((m) => m.AnalyticsPage));
const SettingsPage = lazyPage(() => import('./settings/SettingsPage.tsx').then((m) => m.SettingsPage));
const ProfilePage = lazyPage(() => import('./profile/ProfilePage.tsx').then((m) => m.ProfilePage));

const queryClient = new QueryClient();
const served = seedServedDashboard(queryClient);
if (!served.session) prefetchSession(queryClient);
if (!served.dashboard && window.location.pathname.replace(/\/+$/, '') === '/dashboard') prefetchDashboard(queryClient);

/** The owner console: a table of contents of its screens, in `language` (its messages loaded) to begin with. */
export function App({ language }: { language: Language }) {
  const [i18nProvider] = useState(() => createI18nProvider(language));
  return (
    <BrowserRouter>
      <ConsoleAdmin
        queryClient={queryClient}
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
          <Route path="/settings" element={<SettingsPage />} />
          <Route path="/settings/team" element={<Navigate to="/team" replace />} />
          <Route path="/profile" element={<ProfilePage />} />
        </CustomRoutes>
        <Resource name="properties" {...properties} />
        <Resource name="runs" {...runs} />
        <Resource name="templates" {...templates} />
        <Resource name="checklists" {...checklists} />
        <Resource name="team" {...team} />
      </ConsoleAdmin>
    </BrowserRouter>
  );
}
