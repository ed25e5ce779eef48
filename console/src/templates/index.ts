import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { TemplateList } from './TemplateList.tsx';

// Own templates are edited in the checklist editor (/checklists/{id}/edit) and created in a dialog.
export default {
  list: TemplateList,
  icon: ContentCopyIcon,
  recordRepresentation: 'name',
};
