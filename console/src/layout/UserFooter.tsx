import LogoutIcon from '@mui/icons-material/Logout';
import { Avatar, Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import { useLogout, useNotify } from 'react-admin';
import type { Session } from '../auth/session.ts';
import { SignOutForm } from './SignOutForm.tsx';
import { useT } from '../i18n/useT.ts';

export function initialsOf(name: string): string {
  const letters = name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** The sidebar footer: avatar with initials, name (or 'Add Your Name'), company, location or e-mail, Sign Out. */
export function UserFooter({ session, compact }: { session: Session; compact: boolean }) {
  const t = useT();
  const logout = useLogout();
  const notify = useNotify();
  const name = session.profile?.display_name?.trim();
  const email = session.user?.email ?? '';
  const signOut = async () => {
    await logout();
    notify(t('nav.signedOut'), { type: 'info' });
  };
  const avatar = (
    <Avatar
      src={session.profile?.avatar_url ?? undefined}
      sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: 14 }}
    >
      {initialsOf(name || email)}
    </Avatar>
  );
  if (compact) {
    return (
      <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1, py: 1 }}>
        {avatar}
        <SignOutForm onSignOut={() => void signOut()}>
          <Tooltip title={t('nav.signOut')} placement="right">
            <IconButton type="submit" aria-label={t('nav.signOut')} size="small">
              <LogoutIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </SignOutForm>
      </Box>
    );
  }
  return (
    <Box sx={{ p: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1 }}>
        {avatar}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap>
            {name || t('nav.addYourName')}
          </Typography>
          {session.profile?.company_name && (
            <Typography variant="caption" component="p" color="text.secondary" noWrap>
              {session.profile.company_name}
            </Typography>
          )}
          <Typography variant="caption" component="p" color="text.secondary" noWrap>
            {session.profile?.location || email}
          </Typography>
        </Box>
      </Box>
      <SignOutForm onSignOut={() => void signOut()}>
        <Button type="submit" fullWidth variant="outlined" size="small" startIcon={<LogoutIcon />}>
          {t('nav.signOut')}
        </Button>
      </SignOutForm>
    </Box>
  );
}
