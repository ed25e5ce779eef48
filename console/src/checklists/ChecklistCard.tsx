import EditIcon from '@mui/icons-material/Edit';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { ChecklistRecord } from '../resource-records.ts';
import { isRunKind } from '../runs/run-kinds.ts';
import { DeleteTemplateButton } from '../templates/DeleteTemplateButton.tsx';
import { DeleteChecklistButton } from './DeleteChecklistButton.tsx';
import { TypeBadge } from './TypeBadge.tsx';

/** Where the checklist editor of a property's checklist or of an own template lives. */
export const editorPath = (checklist: ChecklistRecord) =>
  checklist.is_template
    ? `/checklists/${checklist.id}/edit`
    : `/properties/${checklist.property_id}/checklists/${checklist.id}/edit`;

/**
 * One of the owner's checklists (a property's, or an own template): name, type, task count, Edit, Start
 * Inspection (a property's checklist with tasks) and Delete.
 */
export function ChecklistCard({
  checklist,
  headingLevel = 'h2',
}: {
  checklist: ChecklistRecord;
  headingLevel?: 'h2' | 'h3';
}) {
  const queryClient = useQueryClient();
  const count = checklist.tasks.length;
  return (
    <Card component="article" variant="outlined" aria-labelledby={`checklist-${checklist.id}`} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id={`checklist-${checklist.id}`} component={headingLevel} variant="h6">
            {checklist.name}
          </Typography>
          <Stack direction="row" spacing={0.5}>
            {checklist.is_template && <Chip size="small" label="Custom" color="secondary" />}
            <TypeBadge type={checklist.type} />
          </Stack>
        </Stack>
        <Typography color="text.secondary">
          {count} {count === 1 ? 'task' : 'tasks'}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        <Button
          size="small"
          component={Link}
          to={editorPath(checklist)}
          startIcon={<EditIcon />}
          aria-label={`Edit checklist ${checklist.name}`}
        >
          Edit
        </Button>
        {!checklist.is_template && isRunKind(checklist.type) && count > 0 && (
          <Button
            size="small"
            component={Link}
            to={`/runs/create?type=${checklist.type}&property_id=${checklist.property_id}&checklist_id=${checklist.id}`}
            startIcon={<PlayArrowIcon />}
            aria-label={`Start inspection with ${checklist.name}`}
          >
            Start Inspection
          </Button>
        )}
        {checklist.is_template ? (
          <DeleteTemplateButton
            template={checklist}
            onDeleted={() => void queryClient.invalidateQueries({ queryKey: ['checklists'] })}
          />
        ) : (
          <DeleteChecklistButton checklist={checklist} />
        )}
      </CardActions>
    </Card>
  );
}
