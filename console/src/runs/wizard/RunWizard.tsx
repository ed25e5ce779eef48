import { Box, Button, Card, CardContent, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useDataProvider, useGetOne, useNotify, useRedirect } from 'react-admin';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { DispatchFields } from '../../dispatch/DispatchFields.tsx';
import { instantFromLocal } from '../../dispatch/due-time.ts';
import type { PropertyRecord, RunMeta, RunRecord } from '../../resource-records.ts';
import type { RunType } from '../../types.ts';
import { MagicLinkPanel } from '../MagicLinkPanel.tsx';
import { isRunKind, typeLabel } from '../run-kinds.ts';
import { readSmartDefaults, rememberSmartDefaults } from '../smart-defaults.ts';
import { BaselineField } from './BaselineField.tsx';
import { PropertyStep } from './PropertyStep.tsx';
import { TemplateStep } from './TemplateStep.tsx';
import type { TemplateOption } from './template-options.ts';
import { TypeStep } from './TypeStep.tsx';

const STEPS = ['Inspection Type', 'Property Details', 'Template Selection', 'Share & Complete'];

/** Only the move-in and move-out details that were filled in. */
const filledMeta = (kind: RunType, meta: RunMeta): RunMeta =>
  kind === 'turnover' ? {} : Object.fromEntries(Object.entries(meta).filter(([, value]) => value?.trim()));

/**
 * The four-step New Inspection wizard. `?type=` preselects the type (the wizard then opens on step 2);
 * `?property_id=` or /properties/{id}/inspections/new and `?checklist_id=` preselect the rest. A new
 * preselection (say Ctrl+I while the wizard is open) starts the wizard afresh.
 */
export function RunWizard() {
  const { search } = useLocation();
  const { propertyId } = useParams();
  return <WizardFlow key={`${propertyId ?? ''}${search}`} />;
}

function WizardFlow() {
  const [params] = useSearchParams();
  const routeParams = useParams();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider();
  const [creating, setCreating] = useState(false);

  const presetType = params.get('type');
  const defaults = readSmartDefaults();
  const [kind, setKind] = useState<RunType>(isRunKind(presetType) ? presetType : 'turnover');
  const [step, setStep] = useState(isRunKind(presetType) ? 1 : 0);
  const [propertyId, setPropertyId] = useState(
    routeParams.propertyId ?? params.get('property_id') ?? defaults.preferredPropertyId ?? '',
  );
  const presetChecklist = params.get('checklist_id');
  const [templateKey, setTemplateKey] = useState(
    presetChecklist ? `checklist:${presetChecklist}` : (defaults.recentTemplates?.[kind] ?? ''),
  );
  const [template, setTemplate] = useState<TemplateOption | null>(null);
  const [meta, setMeta] = useState<RunMeta>({});
  const [run, setRun] = useState<RunRecord | null>(null);
  const [dueLocal, setDueLocal] = useState('');
  // null: not chosen yet, so the property's default cleaner applies.
  const [assigneeId, setAssigneeId] = useState<string | null>(null);
  // '': the automatic earlier run.
  const [baselineRunId, setBaselineRunId] = useState('');
  const { data: property } = useGetOne<PropertyRecord>(
    'properties',
    { id: propertyId },
    { enabled: propertyId !== '' },
  );
  const timeZone = property?.timezone ?? 'UTC';
  const assignee = assigneeId ?? property?.default_assignee_id ?? '';

  const chooseKind = (next: RunType) => {
    setKind(next);
    setBaselineRunId('');
    setTemplate(null);
    setTemplateKey(readSmartDefaults().recentTemplates?.[next] ?? '');
  };

  const createRun = async () => {
    if (!template) return;
    setCreating(true);
    try {
      const { data: created } = await dataProvider.create<RunRecord>('runs', {
        data: {
          property_id: propertyId,
          type: kind,
          meta: filledMeta(kind, meta),
          ...template.source,
          due_at: dueLocal ? instantFromLocal(dueLocal, timeZone) : null,
          assigned_to: assignee || null,
          baseline_run_id: baselineRunId || null,
        },
      });
      if (!created?.id) throw new Error('No data returned from run creation');
      rememberSmartDefaults(kind, propertyId, template.key);
      setRun(created);
      setStep(3);
      notify(`Inspection Created! ${typeLabel(kind)} inspection ready to share`, { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Failed to create inspection', { type: 'error' });
    } finally {
      setCreating(false);
    }
  };

  // A remembered template only counts once step 3 has confirmed it still exists.
  const canContinue = [true, propertyId !== '', template !== null && template.key === templateKey][step] ?? false;

  return (
    <Box sx={{ py: 2, maxWidth: 760 }}>
      <Title title="Create New Inspection Run" />
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Card variant="outlined" component="section" aria-labelledby="wizard-step-title">
        <CardContent>
          <Typography id="wizard-step-title" component="h2" variant="h6" sx={{ mb: 2 }}>
            {STEPS[step]}
          </Typography>
          {step === 0 && <TypeStep value={kind} onChange={chooseKind} />}
          {step === 1 && (
            <Stack spacing={2}>
              <PropertyStep
                kind={kind}
                propertyId={propertyId}
                meta={meta}
                onProperty={(id) => {
                  setPropertyId(id);
                  setBaselineRunId('');
                }}
                onMeta={setMeta}
              />
              {propertyId !== '' && (
                <BaselineField
                  kind={kind}
                  propertyId={propertyId}
                  timeZone={timeZone}
                  value={baselineRunId}
                  onChange={setBaselineRunId}
                />
              )}
              {propertyId !== '' && (
                <DispatchFields
                  timeZone={timeZone}
                  dueLocal={dueLocal}
                  assigneeId={assignee}
                  onDue={setDueLocal}
                  onAssignee={setAssigneeId}
                />
              )}
            </Stack>
          )}
          {step === 2 && (
            <TemplateStep
              kind={kind}
              propertyId={propertyId}
              value={templateKey}
              onChange={(option) => {
                setTemplate(option);
                setTemplateKey(option.key);
              }}
            />
          )}
          {step === 3 && run && <MagicLinkPanel run={run} onChange={setRun} />}
        </CardContent>
      </Card>
      {/* On a phone both buttons sit on the left, clear of the floating new-property button. */}
      <Stack
        direction="row"
        sx={{ mt: 2, justifyContent: { xs: 'flex-start', sm: 'space-between' }, flexWrap: 'wrap', gap: 1 }}
      >
        {step < 3 ? (
          <>
            <Button onClick={() => (step === 0 ? redirect('/runs') : setStep(step - 1))}>
              {step === 0 ? 'Cancel' : 'Back'}
            </Button>
            {step < 2 ? (
              <Button variant="contained" disabled={!canContinue} onClick={() => setStep(step + 1)}>
                Next
              </Button>
            ) : (
              <Button variant="contained" disabled={!canContinue || creating} onClick={() => void createRun()}>
                {creating ? 'Creating...' : 'Create Inspection'}
              </Button>
            )}
          </>
        ) : (
          <>
            <Button onClick={() => redirect('/runs')}>View Inspections</Button>
            <Button
              variant="contained"
              onClick={() => {
                setRun(null);
                setTemplate(null);
                setMeta({});
                setStep(0);
              }}
            >
              Create Another
            </Button>
          </>
        )}
      </Stack>
    </Box>
  );
}
