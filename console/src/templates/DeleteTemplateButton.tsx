import DeleteIcon from '@mui/icons-material/Delete';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDelete, useNotify } from 'react-admin';
import type { TemplateRecord } from '../resource-records.ts';

/** Own templates only: confirm, 'Deleting...', removed from the list, 'Template deleted'. */
export function DeleteTemplateButton({ template }: { template: TemplateRecord }) {
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const [remove, { isPending }] = useDelete<TemplateRecord>();
  const confirm = () =>
    remove(
      'templates',
      { id: template.id, previousData: template },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('Template deleted', { type: 'success' });
        },
        onError: (error) =>
          notify(error instanceof Error ? `Error deleting template: ${error.message}` : 'Error deleting template', {
            type: 'error',
          }),
      },
    );
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteIcon />}
        onClick={() => setOpen(true)}
        aria-label={`Delete template ${template.name}`}
      >
        Delete
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`Delete "${template.name}"?`}
        content="This action cannot be undone. All tasks associated with this template will also be deleted."
        confirm={isPending ? 'Deleting...' : 'Delete Template'}
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
