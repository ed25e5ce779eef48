import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { lazyPage } from '../layout/lazyPage.tsx';

// Loaded on first visit, like the other screens off the dashboard's path.
export default {
  list: lazyPage(() => import('./RestockList.tsx').then((m) => m.RestockList)),
  icon: ShoppingCartIcon,
};
