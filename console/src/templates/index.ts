import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { lazyPage } from '../layout/lazyPage.tsx';

// Own templates are edited in the checklist editor (/checklists/{id}/edit) and created in a dialog.
export default {
  list: lazyPage(() => import('./TemplateList.tsx').then((m) => m.TemplateList)),
  icon: ContentCopyIcon,
  recordRepresentation: 'name',
};
