import ChecklistIcon from '@mui/icons-material/Checklist';
import { ChecklistEditor } from './ChecklistEditor.tsx';

// /checklists itself is the public free-checklist library: this resource only has its editor
// (/checklists/{id}/edit; react-admin's edit route matches /checklists/{id}/*).
export default {
  edit: ChecklistEditor,
  icon: ChecklistIcon,
  recordRepresentation: 'name',
};
