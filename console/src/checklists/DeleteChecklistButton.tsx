import DeleteIcon from '@mui/icons-material/Delete';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDelete, useNotify } from 'react-admin';
import type { ChecklistRecord } from '../resource-records.ts';

/** Deletes a checklist with its tasks after a confirmation; runs made from it keep their own copy. */
export function DeleteChecklistButton({ checklist }: { checklist: ChecklistRecord }) {
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const [remove, { isPending }] = useDelete<ChecklistRecord>();
  const confirm = () =>
    remove(
      'checklists',
      { id: checklist.id, previousData: checklist },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('Checklist deleted', { type: 'success' });
        },
        onError: (error) => notify(error instanceof Error ? error.message : 'Delete failed', { type: 'error' }),
      },
    );
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteIcon />}
        onClick={() => setOpen(true)}
        aria-label={`Delete checklist ${checklist.name}`}
      >
        Delete
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`Delete ${checklist.name}?`}
        content="This action cannot be undone. The checklist and all its tasks will be deleted; inspections already created keep their own copy."
        confirm="Delete Checklist"
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
