import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';

/** The authenticated frame: sidebar, header and the mobile tab bar. */
export function Layout({ children }: { children: ReactNode }) {
  return <RaLayout>{children}</RaLayout>;
}
