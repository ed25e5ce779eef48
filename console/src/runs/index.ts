import FactCheckIcon from '@mui/icons-material/FactCheck';
import { RunList } from './RunList.tsx';
import { RunWizard } from './wizard/RunWizard.tsx';

export default {
  list: RunList,
  create: RunWizard,
  icon: FactCheckIcon,
};
