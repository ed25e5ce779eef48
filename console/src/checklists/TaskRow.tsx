import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Box, Chip, IconButton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import { useT } from '../i18n/useT.ts';
import type { TaskRecord } from '../resource-records.ts';
import { TaskForm, type TaskDraft } from './TaskForm.tsx';

interface Props {
  task: TaskRecord;
  position: number;
  busy: boolean;
  /** The checklist's sections, offered when the task is edited. */
  sections: string[];
  onSave: (draft: TaskDraft) => Promise<void>;
  onDelete: () => Promise<void>;
}

/**
 * One task of the editor: a drag handle (pointer, touch, or Space and the arrow keys: dnd-kit's sortable),
 * its number and text, edit in place, delete with confirmation.
 */
export function TaskRow({ task, position, busy, sections, onSave, onDelete }: Props) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: task.id,
    disabled: busy || editing,
  });

  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-task-id={task.id}
      sx={{
        listStyle: 'none',
        borderBottom: 1,
        borderColor: 'divider',
        py: 1.5,
        bgcolor: 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        boxShadow: isDragging ? 3 : undefined,
        transform: CSS.Transform.toString(transform),
        transition: transition,
      }}
    >
      {editing ? (
        <TaskForm
          label={t('checklistEditor.editTaskForm', { position })}
          sections={sections}
          initial={{
            title: task.title,
            description: task.description ?? '',
            section: task.section ?? '',
            required_media: task.required_media,
            camera_only: task.camera_only,
          }}
          submitLabel={t('checklistEditor.saveTask')}
          onCancel={() => setEditing(false)}
          onSubmit={async (draft) => {
            await onSave(draft);
            setEditing(false);
          }}
        />
      ) : (
        <Stack direction="row" sx={{ alignItems: 'flex-start', flexWrap: 'wrap', columnGap: 1 }}>
          <IconButton
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t('checklistEditor.move', { title: task.title })}
            size="small"
            // The handle takes touch gestures itself instead of scrolling the page.
            sx={{ cursor: 'grab', touchAction: 'none', mt: -0.25 }}
          >
            <DragIndicatorIcon />
          </IconButton>
          <Typography
            aria-hidden
            sx={{
              minWidth: 28,
              height: 28,
              borderRadius: '50%',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              textAlign: 'center',
              lineHeight: '28px',
              fontWeight: 600,
              flexShrink: 0,
            }}
          >
            {position}
          </Typography>
          <Box sx={{ flex: 1, minWidth: 0, maxWidth: { xs: 'calc(100% - 80px)', sm: 'none' } }}>
            <Typography component="h4" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {task.title}
            </Typography>
            {task.description && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {task.description}
              </Typography>
            )}
            {task.required_media > 0 && (
              <Chip
                size="small"
                icon={<PhotoCameraIcon />}
                label={t('checklistEditor.photosRequired', { smart_count: task.required_media })}
                sx={{ mt: 0.5 }}
              />
            )}
            {task.camera_only && (
              <Chip size="small" label={t('checklistEditor.cameraOnlyChip')} sx={{ mt: 0.5, ml: 0.5 }} />
            )}
          </Box>
          {/* Below the text on a phone, so the title keeps the width. */}
          <Stack direction="row" sx={{ flexShrink: 0, justifyContent: 'flex-end', width: { xs: '100%', sm: 'auto' } }}>
            <IconButton
              aria-label={t('checklistEditor.editTask', { title: task.title })}
              onClick={() => setEditing(true)}
            >
              <EditIcon />
            </IconButton>
            <IconButton
              aria-label={t('checklistEditor.deleteTask', { title: task.title })}
              color="error"
              onClick={() => setConfirming(true)}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        </Stack>
      )}
      <Confirm
        isOpen={confirming}
        loading={deleting}
        title={t('checklistEditor.deleteTaskTitle')}
        content={t('checklistEditor.deleteTaskContent')}
        confirm={t('common.delete')}
        confirmColor="warning"
        onConfirm={async () => {
          setDeleting(true);
          try {
            await onDelete();
            setConfirming(false);
          } finally {
            setDeleting(false);
          }
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
