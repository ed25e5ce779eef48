import LockIcon from '@mui/icons-material/Lock';
import {
  Box,
  Chip,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Tooltip,
  Typography,
} from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import type { Session } from '../auth/session.ts';
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';
import { TIER_BADGES, tierAtLeast } from '../plans/tiers.ts';
import { MOBILE_DRAWER_WIDTH, SIDEBAR_ICON_WIDTH, SIDEBAR_WIDTH } from './LazySidebar.tsx';
import { mainNavigation, type NavItem, quickActions, settingsNavigation } from './navigation.ts';
import { SubscriptionCard } from './SubscriptionCard.tsx';
import { UserFooter } from './UserFooter.tsx';
import { BrandMark } from './BrandMark.tsx';

function NavLink({ item, open, session }: { item: NavItem; open: boolean; session: Session }) {
  const t = useT();
  const label = t(item.label);
  const { pathname } = useLocation();
  const tier = session.access?.tier ?? 'starter';
  const locked = item.requires !== undefined && !tierAtLeast(tier, item.requires);
  const selected = pathname === item.path || pathname.startsWith(`${item.path}/`);
  const button = (
    <ListItemButton
      component={Link}
      to={item.path}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      aria-label={open ? undefined : label}
      sx={{ borderRadius: 1.5, mx: 0.75, px: open ? 1.5 : 1, minHeight: 40 }}
    >
      <ListItemIcon sx={{ minWidth: open ? 36 : 0 }}>
        <item.Icon fontSize="small" />
      </ListItemIcon>
      {open && (
        <>
          <ListItemText
            primary={label}
            secondary={item.caption && t(item.caption)}
            slotProps={{ secondary: { variant: 'caption', noWrap: true } }}
          />
          {item.tag && <Chip label={t(item.tag)} size="small" variant="outlined" sx={{ ml: 0.5 }} />}
          {locked && item.requires && (
            <>
              <Chip label={TIER_BADGES[item.requires]} size="small" color="secondary" sx={{ ml: 0.5 }} />
              <LockIcon fontSize="small" titleAccess={t('nav.locked')} sx={{ ml: 0.5, color: 'text.secondary' }} />
            </>
          )}
        </>
      )}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding>
      {open ? (
        button
      ) : (
        <Tooltip title={label} placement="right">
          {button}
        </Tooltip>
      )}
    </ListItem>
  );
}

function Section({
  title,
  items,
  open,
  session,
}: {
  title: MessageKey;
  items: NavItem[];
  open: boolean;
  session: Session;
}) {
  const t = useT();
  const id = `nav-${title.split('.')[1]}`;
  return (
    <List
      dense
      aria-labelledby={open ? id : undefined}
      aria-label={open ? undefined : t(title)}
      subheader={
        open ? (
          <ListSubheader id={id} sx={{ bgcolor: 'transparent', lineHeight: '32px' }}>
            {t(title)}
          </ListSubheader>
        ) : undefined
      }
    >
      {items.map((item) => (
        <NavLink key={item.path} item={item} open={open} session={session} />
      ))}
    </List>
  );
}

/**
 * The sidebar: plan card, quick actions, navigation, settings and the user footer. Permanent on the
 * desktop (open or icons only); under 768 px the header's menu button opens it over the page.
 */
export function Sidebar({
  open,
  session,
  onClose,
}: {
  open: boolean;
  session: Session;
  /** Given for the mobile drawer: closes it (Escape, backdrop, or a link followed). */
  onClose?: () => void;
}) {
  const t = useT();
  const width = onClose ? MOBILE_DRAWER_WIDTH : open ? SIDEBAR_WIDTH : SIDEBAR_ICON_WIDTH;
  return (
    <Drawer
      variant={onClose ? 'temporary' : 'permanent'}
      open={onClose ? open : true}
      onClose={onClose}
      onClick={onClose}
      component="nav"
      aria-label={t('nav.mainNavigation')}
      sx={{
        width,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width, boxSizing: 'border-box', overflowX: 'hidden', transition: 'width 150ms' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, minHeight: 56 }}>
        <BrandMark size={24} />
        {open && (
          <Typography component="span" variant="h6">
            Turnproof
          </Typography>
        )}
      </Box>
      {open && session.access && <SubscriptionCard access={session.access} />}
      <Section title="nav.quickActions" items={quickActions} open={open} session={session} />
      <Divider />
      <Section title="nav.navigation" items={mainNavigation} open={open} session={session} />
      <Divider />
      <Section title="nav.settings" items={settingsNavigation} open={open} session={session} />

      <Box sx={{ flexGrow: 1 }} />
      <UserFooter session={session} compact={!open} />
    </Drawer>
  );
}
