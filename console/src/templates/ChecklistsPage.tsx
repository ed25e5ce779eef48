import { Box, Tab, Tabs } from '@mui/material';
import { Title } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { OwnChecklists } from './OwnChecklists.tsx';
import { SystemTemplates } from './SystemTemplates.tsx';

type TabKey = 'mine' | 'system';

/**
 * The console's Checklists (/templates): the owner's own checklists first, the system templates as the
 * second tab (?tab=system, so a reload or a link keeps the tab).
 */
export function ChecklistsPage() {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'system' ? 'system' : 'mine';
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Checklists" />
      <Tabs
        value={tab}
        onChange={(_event, next: TabKey) => setParams(next === 'system' ? { tab: 'system' } : {}, { replace: true })}
        aria-label="Checklists"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="mine" label="My checklists" id="tab-mine" aria-controls="tabpanel-checklists" />
        <Tab value="system" label="System templates" id="tab-system" aria-controls="tabpanel-checklists" />
      </Tabs>
      <Box role="tabpanel" id="tabpanel-checklists" aria-labelledby={`tab-${tab}`}>
        {tab === 'mine' ? <OwnChecklists /> : <SystemTemplates />}
      </Box>
    </Box>
  );
}
