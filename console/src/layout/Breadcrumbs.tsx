import { Breadcrumbs as MuiBreadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { paths, segmentLabels } from './navigation.ts';

interface Crumb {
  label: string;
  path: string;
}

/** The trail of a console path, from Dashboard; record ids read as 'Details'. */
export function trailOf(pathname: string): Crumb[] {
  const trail: Crumb[] = [{ label: 'Dashboard', path: paths.dashboard }];
  const segments = pathname.split('/').filter(Boolean);
  let path = '';
  for (const segment of segments) {
    path += `/${segment}`;
    if (path === paths.dashboard) continue;
    trail.push({ label: segmentLabels[segment] ?? 'Details', path });
  }
  return trail;
}

/** Desktop breadcrumbs; hidden when the trail has one item. */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const trail = trailOf(pathname);
  if (trail.length < 2) return null;
  return (
    <MuiBreadcrumbs aria-label="Breadcrumb">
      {trail.map((crumb, index) =>
        index === trail.length - 1 ? (
          <Typography key={crumb.path} color="text.primary" aria-current="page">
            {crumb.label}
          </Typography>
        ) : (
          <Link key={crumb.path} component={RouterLink} to={crumb.path} underline="hover" color="inherit">
            {crumb.label}
          </Link>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
