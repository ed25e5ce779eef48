import { Route } from 'react-router-dom';
import { lazyPage } from '../layout/lazyPage.tsx';

const PropertyEdit = lazyPage(() => import('./PropertyEdit.tsx').then((m) => m.PropertyEdit));
const PropertyChecklists = lazyPage(() => import('./PropertyChecklists.tsx').then((m) => m.PropertyChecklists));
const ChecklistEditor = lazyPage(() => import('../checklists/ChecklistEditor.tsx').then((m) => m.ChecklistEditor));
const RunWizard = lazyPage(() => import('../runs/wizard/RunWizard.tsx').then((m) => m.RunWizard));

/** The spec's paths under /properties, next to react-admin's own (create, :id). */
export const propertyRoutes = (
  <>
    <Route path=":id/edit" element={<PropertyEdit />} />
    <Route path=":id/checklists" element={<PropertyChecklists />} />
    <Route path=":propertyId/checklists/:checklistId/edit" element={<ChecklistEditor />} />
    <Route path=":propertyId/inspections/new" element={<RunWizard />} />
  </>
);
