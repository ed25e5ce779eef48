import { Breadcrumbs as MuiBreadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';
import { paths, segmentLabels } from './navigation.ts';

interface Crumb {
  label: MessageKey;
  path: string;
}

/** The trail of a console path, from Dashboard; record ids read as 'Details'. */
export function trailOf(pathname: string): Crumb[] {
  const trail: Crumb[] = [{ label: 'nav.dashboard', path: paths.dashboard }];
  const segments = pathname.split('/').filter(Boolean);
  let path = '';
  for (const segment of segments) {
    path += `/${segment}`;
    if (path === paths.dashboard) continue;
    trail.push({ label: segmentLabels[segment] ?? 'nav.details', path });
  }
  return trail;
}

/** Desktop breadcrumbs; hidden when the trail has one item. */
export function Breadcrumbs() {
  const t = useT();
  const { pathname } = useLocation();
  const trail = trailOf(pathname);
  if (trail.length < 2) return null;
  return (
    <MuiBreadcrumbs aria-label={t('nav.breadcrumb')}>
      {trail.map((crumb, index) =>
        index === trail.length - 1 ? (
          <Typography key={crumb.path} color="text.primary" aria-current="page">
            {t(crumb.label)}
          </Typography>
        ) : (
          <Link key={crumb.path} component={RouterLink} to={crumb.path} underline="hover" color="inherit">
            {t(crumb.label)}
          </Link>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
