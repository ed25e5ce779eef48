import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { ResourcePlaceholder } from '../layout/ResourcePlaceholder.tsx';

// Placeholder screens: the resource branch replaces them with the real list, edit and create.
export default {
  list: ResourcePlaceholder,
  edit: ResourcePlaceholder,
  create: ResourcePlaceholder,
  icon: ContentCopyIcon,
};
