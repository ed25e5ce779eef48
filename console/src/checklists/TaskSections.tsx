import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { Box, Typography } from '@mui/material';
import { useT } from '../i18n/useT.ts';
import type { TaskRecord } from '../resource-records.ts';
import type { TaskDraft } from './TaskForm.tsx';
import { TaskRow } from './TaskRow.tsx';

interface Section {
  name: string | null;
  tasks: TaskRecord[];
}

/** The tasks in blocks by section, in the checklist's order (the API keeps each section's tasks together). */
export function sectionsOf(tasks: TaskRecord[]): Section[] {
  const sections: Section[] = [];
  for (const task of tasks) {
    const name = task.section ?? null;
    const last = sections.at(-1);
    if (last && last.name === name) last.tasks.push(task);
    else sections.push({ name, tasks: [task] });
  }
  return sections;
}

interface Props {
  tasks: TaskRecord[];
  busy: boolean;
  /** Saves the checklist's whole new order. */
  onReorder: (taskIds: string[]) => void;
  onSave: (task: TaskRecord) => (draft: TaskDraft) => Promise<void>;
  onDelete: (task: TaskRecord) => () => Promise<void>;
}

/**
 * The editor's task list: one block per section (room) under its heading, tasks numbered through the
 * checklist. Each section is its own sortable list: a task is dragged, or moved with the keyboard,
 * within its room (editing a task moves it to another room).
 */
export function TaskSections({ tasks, busy, onReorder, onSave, onDelete }: Props) {
  const t = useT();
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a tap on the handle stays a tap.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const sections = sectionsOf(tasks);
  const named = sections.filter((section) => section.name !== null).map((section) => section.name as string);
  const position = new Map(tasks.map((task, index) => [task.id, index + 1]));
  const titleOf = (id: UniqueIdentifier) => tasks.find((task) => task.id === id)?.title ?? '';
  const positionOf = (id: UniqueIdentifier) => position.get(String(id)) ?? 0;
  // What the live region says to a screen reader while a task is moved.
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('checklistEditor.pickedUp', { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('checklistEditor.movedTo', { title: titleOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('checklistEditor.dropped', { title: titleOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('checklistEditor.cancelled', { title: titleOf(active.id) }),
  };
  const instructions = { draggable: t('checklistEditor.instructions') };

  const dropped = (section: Section) => (event: DragEndEvent) => {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const ids = section.tasks.map((task) => task.id);
    const moved = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    onReorder(sections.flatMap((other) => (other === section ? moved : other.tasks.map((task) => task.id))));
  };

  return (
    <Box aria-busy={busy}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('checklistEditor.dragHint')}
      </Typography>
      {sections.map((section) => (
        <Box
          component="section"
          key={section.name ?? ''}
          aria-label={section.name ?? t('checklistEditor.otherTasks')}
          data-section={section.name ?? ''}
          sx={{ mt: 2 }}
        >
          {(section.name !== null || named.length > 0) && (
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, color: 'primary.main' }}>
              {section.name ?? t('checklistEditor.otherTasks')} ({section.tasks.length})
            </Typography>
          )}
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={dropped(section)}
            accessibility={{ announcements, screenReaderInstructions: instructions }}
          >
            <SortableContext items={section.tasks.map((task) => task.id)} strategy={verticalListSortingStrategy}>
              <Box component="ol" sx={{ p: 0, m: 0 }}>
                {section.tasks.map((task) => (
                  <TaskRow
                    key={task.id}
                    task={task}
                    position={position.get(task.id) ?? 0}
                    busy={busy}
                    sections={named}
                    onSave={onSave(task)}
                    onDelete={onDelete(task)}
                  />
                ))}
              </Box>
            </SortableContext>
          </DndContext>
        </Box>
      ))}
    </Box>
  );
}
