import { Edit, useNotify, useRedirect } from 'react-admin';
import { useParams } from 'react-router-dom';
import { DeletePropertyButton } from './DeletePropertyButton.tsx';
import { PropertyForm } from './PropertyForm.tsx';

/** A property that is not the owner's (or does not exist) sends the owner back to the list with a toast. */
export function PropertyEdit() {
  const { id } = useParams();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      id={id}
      title="Edit Property"
      mutationMode="pessimistic"
      redirect="list"
      sx={{ maxWidth: 720 }}
      queryOptions={{
        onError: () => {
          notify("Property not found: the property you're looking for doesn't exist or you don't have access to it.", {
            type: 'error',
          });
          redirect('/properties');
        },
      }}
      mutationOptions={{
        onSuccess: () => {
          notify('Property updated', { type: 'success' });
          redirect('/properties');
        },
      }}
    >
      <PropertyForm submitLabel="Save Changes" extraActions={<DeletePropertyButton backToList />} />
    </Edit>
  );
}
