import GroupsIcon from '@mui/icons-material/Groups';
import type { TeamMember } from './team-types.ts';
import { TeamCreate } from './TeamCreate.tsx';
import { TeamList } from './TeamList.tsx';

export { AssigneeInput } from './AssigneeInput.tsx';

export default {
  list: TeamList,
  create: TeamCreate,
  icon: GroupsIcon,
  recordRepresentation: (member: TeamMember) => member.name,
};
