import simpleRestProvider from 'ra-data-simple-rest';
import { createRoot } from 'react-dom/client';
import { Admin, fetchUtils, ListGuesser, Resource } from 'react-admin';

/**
 * react-admin as it comes: the real ra-data-simple-rest provider over /api (the session cookie) and
 * stock `<ListGuesser>` lists with react-admin's default sort (id ASC) and page (1-10), no filter.
 */
const dataProvider = simpleRestProvider('/api', (url, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, { ...options, credentials: 'include' }),
);

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <Admin dataProvider={dataProvider}>
    {['properties', 'runs', 'templates', 'checklists'].map((name) => (
      <Resource key={name} name={name} list={ListGuesser} />
    ))}
  </Admin>,
);
