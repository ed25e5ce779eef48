import { List, ListItemButton, ListItemText, Paper } from '@mui/material';
import { useT } from '../i18n/useT.ts';
import { PLAIN_MENU_ID } from './mobile-query.ts';
import { mainNavigation, quickActions, settingsNavigation } from './navigation.ts';

/**
 * The phone's menu as plain links, shown by CSS alone while the URL's fragment names it: the header's menu
 * button links to it, so on a server-rendered page the menu opens, and its links lead on, before the
 * console's JavaScript has run (or without it). Once the console runs, the button opens the sidebar drawer
 * (Sidebar.tsx) instead, and a menu opened before that becomes the drawer (MobileHeader).
 */
export function PlainMenu() {
  const t = useT();
  return (
    <Paper
      component="nav"
      id={PLAIN_MENU_ID}
      className="plain-menu"
      aria-label={t('nav.mainNavigation')}
      square
      sx={{ position: 'fixed', inset: 0, zIndex: 'drawer', overflowY: 'auto', width: 288, maxWidth: '100%' }}
    >
      <List>
        {[...quickActions, ...mainNavigation, ...settingsNavigation].map((item) => (
          <ListItemButton key={item.path} component="a" href={item.path}>
            <ListItemText primary={t(item.label)} />
          </ListItemButton>
        ))}
        <ListItemButton component="a" href="#">
          <ListItemText primary={t('common.close')} />
        </ListItemButton>
      </List>
    </Paper>
  );
}
