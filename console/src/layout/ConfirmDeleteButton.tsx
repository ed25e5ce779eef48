import DeleteIcon from '@mui/icons-material/Delete';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, type RaRecord, useDelete, useNotify } from 'react-admin';
import { useT } from '../i18n/useT.ts';

interface Props {
  resource: string;
  record: RaRecord;
  /** The button's accessible name, e.g. 'Delete Harbor Loft'; it starts with the visible 'Delete'. */
  ariaLabel: string;
  title: string;
  content: string;
  confirmLabel: string;
  successMessage: string;
  failureMessage: string;
  onDeleted?: () => void;
}

/**
 * Delete after a confirmation dialog: the button shows a deleting state, the record leaves the lists,
 * the dialog closes and a toast says so; a failure shows the server's sentence.
 */
export function ConfirmDeleteButton(props: Props) {
  const { resource, record, ariaLabel, title, content, confirmLabel, successMessage, failureMessage, onDeleted } =
    props;
  const t = useT();
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const [remove, { isPending }] = useDelete();
  // Callbacks on the call itself still run after the record's card has left the list.
  const confirm = () =>
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(successMessage, { type: 'success' });
          onDeleted?.();
        },
        onError: (error) =>
          notify(
            error instanceof Error
              ? t('layout.failedWith', { message: failureMessage, error: error.message })
              : failureMessage,
            { type: 'error' },
          ),
      },
    );
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteIcon />}
        onClick={() => setOpen(true)}
        aria-label={ariaLabel}
      >
        {t('common.delete')}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={title}
        content={content}
        confirm={isPending ? t('common.deleting') : confirmLabel}

        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
