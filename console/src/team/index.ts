import GroupsIcon from '@mui/icons-material/Groups';
import type { TeamMember } from './team-types.ts';
import { lazyPage } from '../layout/lazyPage.tsx';

export default {
  list: lazyPage(() => import('./TeamList.tsx').then((m) => m.TeamList)),
  create: lazyPage(() => import('./TeamCreate.tsx').then((m) => m.TeamCreate)),
  edit: lazyPage(() => import('./TeamEdit.tsx').then((m) => m.TeamEdit)),
  icon: GroupsIcon,
  recordRepresentation: (member: TeamMember) => member.name,
};
