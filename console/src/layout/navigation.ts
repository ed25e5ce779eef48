import AddHomeIcon from '@mui/icons-material/AddHome';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BarChartIcon from '@mui/icons-material/BarChart';
import ChecklistIcon from '@mui/icons-material/Checklist';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GroupsIcon from '@mui/icons-material/Groups';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import PersonIcon from '@mui/icons-material/Person';
import SettingsIcon from '@mui/icons-material/Settings';
import type { SvgIconComponent } from '@mui/icons-material';
import type { AccessTier } from '../types.ts';

export interface NavItem {
  label: string;
  path: string;
  Icon: SvgIconComponent;
  caption?: string;
  /** The plan tier the screen needs; below it the item shows its plan badge and a lock. */
  requires?: AccessTier;
  tag?: string;
}

/** Console paths of the resources, shared by links, shortcuts and breadcrumbs. */
export const paths = {
  dashboard: '/dashboard',
  properties: '/properties',
  newProperty: '/properties/create',
  runs: '/runs',
  newRun: (type?: 'turnover' | 'move_in' | 'move_out') => (type ? `/runs/create?type=${type}` : '/runs/create'),
  templates: '/templates',
  analytics: '/analytics',
  team: '/team',
  subscription: '/subscription',
  settings: '/settings',
  profile: '/profile',
} as const;

export const quickActions: NavItem[] = [
  { label: 'New Property', path: paths.newProperty, Icon: AddHomeIcon },
  { label: 'New Inspection', path: paths.newRun(), Icon: AssignmentIcon },
];

export const mainNavigation: NavItem[] = [
  { label: 'Dashboard', path: paths.dashboard, Icon: DashboardIcon, caption: 'Overview and analytics' },
  { label: 'Properties', path: paths.properties, Icon: HomeWorkIcon },
  { label: 'Checklists', path: paths.templates, Icon: ChecklistIcon },
  { label: 'Inspections', path: paths.runs, Icon: FactCheckIcon },
  { label: 'Analytics', path: paths.analytics, Icon: BarChartIcon, requires: 'professional', tag: 'Beta' },
  { label: 'Team', path: paths.team, Icon: GroupsIcon, requires: 'professional' },
];

export const settingsNavigation: NavItem[] = [
  { label: 'Subscription', path: paths.subscription, Icon: CreditCardIcon, caption: 'Plans and billing' },
  { label: 'Settings', path: paths.settings, Icon: SettingsIcon },
  { label: 'Profile', path: paths.profile, Icon: PersonIcon },
];

/** Breadcrumb names of path segments; ids read as the record's screen. */
export const segmentLabels: Record<string, string> = {
  dashboard: 'Dashboard',
  welcome: 'Welcome',
  properties: 'Properties',
  runs: 'Inspections',
  inspections: 'Inspections',
  templates: 'Checklists',
  checklists: 'Checklists',
  analytics: 'Analytics',
  team: 'Team',
  subscription: 'Plans & Billing',
  settings: 'Settings',
  profile: 'Profile',
  create: 'New',
  new: 'New',
  edit: 'Edit',
  show: 'Details',
  'payment-success': 'Payment Successful',
  'payment-cancel': 'Payment Cancelled',
};
