import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** Turnproof's teal on react-admin's default theme. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { primary: { main: '#0f766e' }, secondary: { main: '#334155' } },
  sidebar: { width: 256, closedWidth: 48 },
};
