import ChecklistIcon from '@mui/icons-material/Checklist';
import { lazyPage } from '../layout/lazyPage.tsx';

// /checklists itself is the public free-checklist library: this resource only has its editor
// (/checklists/{id}/edit; react-admin's edit route matches /checklists/{id}/*).
export default {
  edit: lazyPage(() => import('./ChecklistEditor.tsx').then((m) => m.ChecklistEditor)),
  icon: ChecklistIcon,
  recordRepresentation: 'name',
};
