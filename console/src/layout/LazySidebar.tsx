import { Box } from '@mui/material';
import { lazyComponent } from './lazyPage.tsx';

export const SIDEBAR_WIDTH = 256;
export const SIDEBAR_ICON_WIDTH = 48;
/** The spec's mobile drawer: 18rem. */
export const MOBILE_DRAWER_WIDTH = 288;

/**
 * The sidebar (Sidebar.tsx) loads after the page's first render: a phone shows it only from the menu
 * button, and on the desktop an empty column of its width holds its place meanwhile.
 */
export const LazySidebar = lazyComponent(
  () => import('./Sidebar.tsx').then((m) => m.Sidebar),
  ({ open, onClose }) =>
    onClose ? null : <Box sx={{ width: open ? SIDEBAR_WIDTH : SIDEBAR_ICON_WIDTH, flexShrink: 0 }} />,
);
