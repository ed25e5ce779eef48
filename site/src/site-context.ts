import { createContext, useContext } from 'react';

/** Per-request facts every page may show: who looks, where the site lives, where mail goes. */
export interface SiteContextValue {
  signedIn: boolean;
  origin: string;
  supportEmail: string;
  /** The page's canonical path. */
  path: string;
}

export const SiteContext = createContext<SiteContextValue>({
  signedIn: false,
  origin: 'http://localhost:3000',
  supportEmail: 'support@turnproof.local',
  path: '/',
});

export const useSite = () => useContext(SiteContext);
