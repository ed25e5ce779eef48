import HomeWorkIcon from '@mui/icons-material/HomeWork';
import { PropertyCreate } from './PropertyCreate.tsx';
import { PropertyEdit } from './PropertyEdit.tsx';
import { PropertyList } from './PropertyList.tsx';
import { propertyRoutes } from './PropertyRoutes.tsx';

export default {
  list: PropertyList,
  create: PropertyCreate,
  edit: PropertyEdit,
  icon: HomeWorkIcon,
  recordRepresentation: 'name',
  children: propertyRoutes,
};
