import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useGetOne, useNotify, useRedirect } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { apiJson } from '../api/http.ts';
import { useT } from '../i18n/useT.ts';
import type { ChecklistRecord, TaskRecord } from '../resource-records.ts';
import { ChecklistName } from './ChecklistName.tsx';
import { TaskForm, type TaskDraft } from './TaskForm.tsx';
import { TaskSections } from './TaskSections.tsx';
import { TypeBadge } from './TypeBadge.tsx';

const messageOf = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

/**
 * The checklist editor of /checklists/{id}/edit (templates) and /properties/{p}/checklists/{id}/edit:
 * property name and address, type badge, editable name, and the task list by section (room) with add,
 * edit, delete and drag-and-drop (or keyboard) reorder. Every change is saved at once and the checklist is
 * read back; a new order shows at once while it is saved.
 */
export function ChecklistEditor() {
  const params = useParams();
  const id = params.checklistId ?? params.id ?? '';
  const t = useT();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [savingOrder, setSavingOrder] = useState<string[] | null>(null);
  const {
    data: checklist,
    isPending,
    refetch,
  } = useGetOne<ChecklistRecord>(
    'checklists',
    { id },
    {
      retry: false,
      onError: () => {
        notify(t('checklistEditor.notFound'), { type: 'error' });
        redirect('/properties');
      },
    },
  );

  /** Runs a change, tells the owner when it fails, and reads the checklist back either way. */
  const change = async (action: () => Promise<unknown>, success: string, failure: string) => {
    setBusy(true);
    try {
      await action();
      notify(success, { type: 'success' });
    } catch (error) {
      notify(messageOf(error, failure), { type: 'error' });
      throw error;
    } finally {
      // The wizard caches template task counts for 2 minutes: a changed template is read again there.
      void queryClient.invalidateQueries({ queryKey: ['templates'] });
      await refetch();
      setBusy(false);
    }
  };

  if (isPending || !checklist) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={t('checklistEditor.loading')} />
      </Box>
    );
  }

  const byId = new Map(checklist.tasks.map((task) => [task.id, task]));
  const tasks = savingOrder ? savingOrder.flatMap((taskId) => byId.get(taskId) ?? []) : checklist.tasks;
  const sections = [...new Set(tasks.flatMap((task) => (task.section ? [task.section] : [])))];
  const backTo = params.propertyId ? `/properties/${params.propertyId}/checklists` : '/templates';
  const rename = (name: string) =>
    change(
      () => dataProvider.update('checklists', { id, data: { name }, previousData: checklist }),
      t('checklistEditor.renamed'),
      t('checklistEditor.updateFailed'),
    );
  const addTask = (draft: TaskDraft) =>
    change(
      () => dataProvider.create('tasks', { data: { ...draft, checklist_id: id } }),
      t('checklistEditor.taskAdded'),
      t('checklistEditor.updateFailed'),
    );
  const saveTask = (task: TaskRecord) => (draft: TaskDraft) =>
    change(
      () => dataProvider.update('tasks', { id: task.id, data: draft, previousData: task }),
      t('checklistEditor.taskUpdated'),
      t('checklistEditor.updateFailed'),
    );
  const deleteTask = (task: TaskRecord) => () =>
    change(
      () => dataProvider.delete('tasks', { id: task.id, previousData: task }),
      t('checklistEditor.taskDeleted'),
      t('checklistEditor.deleteFailed'),
    );
  const reorder = (taskIds: string[]) => {
    setSavingOrder(taskIds);
    change(
      () => apiJson(`/checklists/${id}/task-order`, { method: 'PUT', body: { task_ids: taskIds } }),
      t('checklistEditor.orderSaved'),
      t('checklistEditor.updateFailed'),
    )
      .catch(() => undefined)
      .finally(() => setSavingOrder(null));
  };

  return (
    <Box sx={{ py: 2, maxWidth: 880 }}>
      <Title
        title={checklist.is_template ? t('checklistEditor.templateEditor') : t('checklistEditor.checklistEditor')}
      />
      <Button component={Link} to={backTo} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('checklistEditor.back')}
      </Button>
      <Stack spacing={0.5} sx={{ mb: 2 }}>
        <Typography color="text.secondary">
          {checklist.property.is_system_property
            ? t('checklistEditor.template')
            : `${checklist.property.name} · ${checklist.property.address}`}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <ChecklistName name={checklist.name} onRename={rename} />
          <TypeBadge type={checklist.type} />
        </Stack>
      </Stack>

      <Card variant="outlined" component="section" aria-labelledby="tasks-heading">
        <CardContent>
          <Typography id="tasks-heading" component="h2" variant="h6">
            {t('checklistEditor.tasks', { count: tasks.length })}
          </Typography>
          {tasks.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {t('checklistEditor.noTasks')}
            </Typography>
          ) : (
            <TaskSections tasks={tasks} busy={busy} onReorder={reorder} onSave={saveTask} onDelete={deleteTask} />
          )}
        </CardContent>
      </Card>

      <Card variant="outlined" component="section" aria-labelledby="add-task-heading" sx={{ mt: 2 }}>
        <CardContent>
          <Typography id="add-task-heading" component="h2" variant="h6" sx={{ mb: 1.5 }}>
            {t('checklistEditor.addTask')}
          </Typography>
          <TaskForm
            label={t('checklistEditor.addTaskForm')}
            sections={sections}
            submitLabel={t('checklistEditor.addTask')}
            onSubmit={addTask}
          />
        </CardContent>
      </Card>
    </Box>
  );
}
