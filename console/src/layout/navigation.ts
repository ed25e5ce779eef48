import AddHomeIcon from '@mui/icons-material/AddHome';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BuildIcon from '@mui/icons-material/Build';
import BarChartIcon from '@mui/icons-material/BarChart';
import ChecklistIcon from '@mui/icons-material/Checklist';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GroupsIcon from '@mui/icons-material/Groups';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import PersonIcon from '@mui/icons-material/Person';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import type { SvgIconComponent } from '@mui/icons-material';
import type { MessageKey } from '../i18n/keys.ts';
import type { AccessTier } from '../types.ts';

export interface NavItem {
  label: MessageKey;
  path: string;
  Icon: SvgIconComponent;
  caption?: MessageKey;
  /** The plan tier the screen needs; below it the item shows its plan badge and a lock. */
  requires?: AccessTier;
  tag?: MessageKey;
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
  timesheets: '/timesheets',
  restock: '/restock',
  workOrders: '/work-orders',
  subscription: '/subscription',
  settings: '/settings',
  profile: '/profile',
} as const;

export const quickActions: NavItem[] = [
  { label: 'nav.newProperty', path: paths.newProperty, Icon: AddHomeIcon },
  { label: 'nav.newInspection', path: paths.newRun(), Icon: AssignmentIcon },
];

export const mainNavigation: NavItem[] = [
  { label: 'nav.dashboard', path: paths.dashboard, Icon: DashboardIcon, caption: 'nav.dashboardCaption' },
  { label: 'nav.properties', path: paths.properties, Icon: HomeWorkIcon },
  { label: 'nav.checklists', path: paths.templates, Icon: ChecklistIcon },
  { label: 'nav.inspections', path: paths.runs, Icon: FactCheckIcon },
  { label: 'supplies.nav', path: paths.restock, Icon: ShoppingCartIcon },
  { label: 'workOrders.title', path: paths.workOrders, Icon: BuildIcon },
  { label: 'nav.analytics', path: paths.analytics, Icon: BarChartIcon, requires: 'professional', tag: 'nav.beta' },
  { label: 'nav.team', path: paths.team, Icon: GroupsIcon, requires: 'professional' },
  { label: 'timesheets.title', path: paths.timesheets, Icon: ScheduleIcon, requires: 'professional' },
];

export const settingsNavigation: NavItem[] = [
  { label: 'nav.subscription', path: paths.subscription, Icon: CreditCardIcon, caption: 'nav.subscriptionCaption' },
  { label: 'nav.settings', path: paths.settings, Icon: SettingsIcon },
  { label: 'nav.profile', path: paths.profile, Icon: PersonIcon },
];

/** Breadcrumb names of path segments; ids read as the record's screen. */
export const segmentLabels: Record<string, MessageKey> = {
  dashboard: 'nav.dashboard',
  welcome: 'nav.welcome',
  properties: 'nav.properties',
  runs: 'nav.inspections',
  inspections: 'nav.inspections',
  templates: 'nav.checklists',
  checklists: 'nav.checklists',
  analytics: 'nav.analytics',
  team: 'nav.team',
  timesheets: 'timesheets.title',
  subscription: 'nav.plansBilling',
  settings: 'nav.settings',
  profile: 'nav.profile',
  create: 'nav.new',
  new: 'nav.new',
  edit: 'nav.edit',
  show: 'nav.details',
  'payment-success': 'nav.paymentSuccess',
  'payment-cancel': 'nav.paymentCancel',
};
