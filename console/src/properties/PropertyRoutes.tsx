import { Route } from 'react-router-dom';
import { ChecklistEditor } from '../checklists/ChecklistEditor.tsx';
import { RunWizard } from '../runs/wizard/RunWizard.tsx';
import { PropertyChecklists } from './PropertyChecklists.tsx';
import { PropertyEdit } from './PropertyEdit.tsx';

/** The spec's paths under /properties, next to react-admin's own (create, :id). */
export const propertyRoutes = (
  <>
    <Route path=":id/edit" element={<PropertyEdit />} />
    <Route path=":id/checklists" element={<PropertyChecklists />} />
    <Route path=":propertyId/checklists/:checklistId/edit" element={<ChecklistEditor />} />
    <Route path=":propertyId/inspections/new" element={<RunWizard />} />
  </>
);
