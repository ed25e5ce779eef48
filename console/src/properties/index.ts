import HomeWorkIcon from '@mui/icons-material/HomeWork';
import { lazyPage } from '../layout/lazyPage.tsx';
import { propertyRoutes } from './PropertyRoutes.tsx';

// Loaded on first visit, so the dashboard's first render does not wait for these screens.
export default {
  list: lazyPage(() => import('./PropertyList.tsx').then((m) => m.PropertyList)),
  create: lazyPage(() => import('./PropertyCreate.tsx').then((m) => m.PropertyCreate)),
  edit: lazyPage(() => import('./PropertyEdit.tsx').then((m) => m.PropertyEdit)),
  icon: HomeWorkIcon,
  recordRepresentation: 'name',
  children: propertyRoutes,
};
