import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { lazyPage } from '../layout/lazyPage.tsx';

// The console's Checklists menu: the owner's checklists, then the system templates as a second tab. Own
// templates are edited in the checklist editor (/checklists/{id}/edit) and created in a dialog.
export default {
  list: lazyPage(() => import('./ChecklistsPage.tsx').then((m) => m.ChecklistsPage)),
  icon: ContentCopyIcon,
  recordRepresentation: 'name',
};
