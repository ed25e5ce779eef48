import FactCheckIcon from '@mui/icons-material/FactCheck';
import { lazyPage } from '../layout/lazyPage.tsx';

// Loaded on first visit (the wizard brings the QR code library along).
export default {
  list: lazyPage(() => import('./RunList.tsx').then((m) => m.RunList)),
  create: lazyPage(() => import('./wizard/RunWizard.tsx').then((m) => m.RunWizard)),
  show: lazyPage(() => import('./RunShow.tsx').then((m) => m.RunShow)),
  icon: FactCheckIcon,
};
