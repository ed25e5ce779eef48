import BuildIcon from '@mui/icons-material/Build';
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import type { WorkOrderDraft } from './work-order-types.ts';

/** One click from an issue: the work order form opens filled in from it. */
export function CreateWorkOrderButton({ draft }: { draft: WorkOrderDraft }) {
  const t = useT();
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<BuildIcon />}
      component={Link}
      to="/work-orders/create"
      state={{ record: draft }}
    >
      {t('workOrders.create')}
    </Button>
  );
}

/** The draft of an issue: its description is the job, its first line the title. */
export const draftFromIssue = (issue: { id: string; description: string }, propertyId: string): WorkOrderDraft => ({
  property_id: propertyId,
  issue_id: issue.id,
  title: issue.description.split('\n')[0]!.slice(0, 200),
  description: issue.description,
});
