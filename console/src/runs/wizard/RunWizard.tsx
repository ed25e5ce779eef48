import { Alert, Box, Button, Card, CardContent, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useDataProvider, useGetOne, useNotify, useRedirect } from 'react-admin';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { instantFromLocal } from '../../dispatch/due-time.ts';
import type { PropertyRecord, RunRecord } from '../../resource-records.ts';
import type { RunType } from '../../types.ts';
import { MagicLinkPanel } from '../MagicLinkPanel.tsx';
import { isRunKind, typeLabel } from '../run-kinds.ts';
import { readSmartDefaults, rememberSmartDefaults, suggestedMetadata } from '../smart-defaults.ts';
import { BaselineField } from './BaselineField.tsx';
import { PropertyStep } from './PropertyStep.tsx';
import { ScheduleFields } from './ScheduleFields.tsx';
import { TemplateStep } from './TemplateStep.tsx';
import { TypeStep } from './TypeStep.tsx';
import { filledMeta, startingMeta, STEP_FIELDS, type WizardValues } from './wizard-form.ts';
import type { MessageKey } from '../../i18n/keys.ts';
import { useT } from '../../i18n/useT.ts';

const STEPS: MessageKey[] = ['wizard.typeStep', 'wizard.propertyStep', 'wizard.templateStep', 'wizard.shareStep'];

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

/** The form's first values: the URL's preselection, else the local smart defaults (details suggested per kind). */
function initialValues(params: URLSearchParams, routePropertyId: string | undefined): WizardValues {
  const presetType = params.get('type');
  const type: RunType = isRunKind(presetType) ? presetType : 'turnover';
  const defaults = readSmartDefaults();
  const presetChecklist = params.get('checklist_id');
  return {
    type,
    property_id: routePropertyId ?? params.get('property_id') ?? defaults.preferredPropertyId ?? '',
    templateKey: presetChecklist ? `checklist:${presetChecklist}` : (defaults.recentTemplates?.[type] ?? ''),
    template: null,
    meta: startingMeta(suggestedMetadata(type)),
    dueLocal: '',
    assigneeId: null,
    baseline_run_id: '',
  };
}

function WizardFlow() {
  const t = useT();
  const [params] = useSearchParams();
  const routeParams = useParams();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider();
  const form = useForm<WizardValues>({ defaultValues: initialValues(params, routeParams.propertyId) });
  const { control, setValue, trigger, handleSubmit, formState } = form;
  const [step, setStep] = useState(isRunKind(params.get('type')) ? 1 : 0);
  const [run, setRun] = useState<RunRecord | null>(null);

  const [kind, propertyId, templateKey, template, assigneeId] = useWatch({
    control,
    name: ['type', 'property_id', 'templateKey', 'template', 'assigneeId'],
  });
  const { data: property } = useGetOne<PropertyRecord>(
    'properties',
    { id: propertyId },
    { enabled: propertyId !== '' },
  );
  const timeZone = property?.timezone ?? 'UTC';
  const assignee = assigneeId ?? property?.default_assignee_id ?? '';

  const createRun = handleSubmit(async (values) => {
    if (!values.template) return;
    try {
      const { data: created } = await dataProvider.create<RunRecord>('runs', {
        data: {
          property_id: values.property_id,
          type: values.type,
          meta: filledMeta(values.type, values.meta),
          ...values.template.source,
          due_at: values.dueLocal ? instantFromLocal(values.dueLocal, timeZone) : null,
          assigned_to: assignee || null,
          baseline_run_id: values.baseline_run_id || null,
        },
      });
      if (!created?.id) throw new Error(t('wizard.noDataReturned'));
      const meta = filledMeta(values.type, values.meta);
      rememberSmartDefaults(values.type, values.property_id, values.template.key, meta);
      setRun(created);
      setStep(3);
      notify(t('wizard.created', { type: typeLabel(t, values.type) }), { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : t('wizard.createFailed'), { type: 'error' });
    }
  });

  const next = async () => {
    if (await trigger([...STEP_FIELDS[step as 0 | 1]])) setStep(step + 1);
  };

  // A remembered template only counts once step 3 has confirmed it still exists.
  const canContinue = [true, propertyId !== '', template !== null && template.key === templateKey][step] ?? false;

  return (
    <FormProvider {...form}>
      <Box sx={{ py: 2, maxWidth: 760 }}>
        <Title title={t('wizard.title')} />
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{t(label)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Card variant="outlined" component="section" aria-labelledby="wizard-step-title">
          <CardContent>
            <Typography id="wizard-step-title" component="h2" variant="h6" sx={{ mb: 2 }}>
              {t(STEPS[step]!)}
            </Typography>
            {step === 0 && (
              <Controller
                name="type"
                control={control}
                render={({ field }) => (
                  <TypeStep
                    value={field.value}
                    onChange={(next) => {
                      field.onChange(next);
                      setValue('baseline_run_id', '');
                      setValue('template', null);
                      setValue('templateKey', readSmartDefaults().recentTemplates?.[next] ?? '');
                      setValue('meta', startingMeta(suggestedMetadata(next)));
                    }}
                  />
                )}
              />
            )}
            {step === 1 && (
              <Stack spacing={2}>
                <PropertyStep />
                {propertyId !== '' && (
                  <Controller
                    name="baseline_run_id"
                    control={control}
                    render={({ field }) => (
                      <BaselineField
                        kind={kind}
                        propertyId={propertyId}
                        timeZone={timeZone}
                        value={field.value}
                        onChange={field.onChange}
                      />
                    )}
                  />
                )}
                <Controller
                  name="dueLocal"
                  control={control}
                  render={({ field }) => (
                    <ScheduleFields
                      property={propertyId === '' ? undefined : property}
                      dueLocal={field.value}
                      assigneeId={assignee}
                      assigneePicked={assigneeId !== null}
                      onDue={field.onChange}
                      onAssignee={(id) => setValue('assigneeId', id)}
                    />
                  )}
                />
              </Stack>
            )}
            {step === 2 && (
              <Controller
                name="template"
                control={control}
                rules={{
                  validate: (option, values) =>
                    (option !== null && option.key === values.templateKey) || t('wizard.templateRequired'),
                }}
                render={({ field }) => (
                  <TemplateStep
                    kind={kind}
                    propertyId={propertyId}
                    value={templateKey}
                    confirmed={field.value?.key ?? null}
                    onChange={(option) => {
                      field.onChange(option);
                      setValue('templateKey', option.key);
                    }}
                  />
                )}
              />
            )}
            {step === 3 && run && (
              <>
                {/* The spec's confirmation stays on the share step, after the toast has gone. */}
                <Alert severity="success" sx={{ mb: 2 }}>
                  {t('wizard.createdAlert')}
                </Alert>
                <MagicLinkPanel run={run} onChange={setRun} />
              </>
            )}
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
                {t(step === 0 ? 'common.cancel' : 'wizard.back')}
              </Button>
              {step < 2 ? (
                <Button variant="contained" disabled={!canContinue} onClick={() => void next()}>
                  {t('wizard.next')}
                </Button>
              ) : (
                <Button
                  variant="contained"
                  disabled={!canContinue || formState.isSubmitting}
                  onClick={() => void createRun()}
                >
                  {t(formState.isSubmitting ? 'wizard.creating' : 'wizard.createInspection')}
                </Button>
              )}
            </>
          ) : (
            <>
              <Button onClick={() => redirect('/runs')}>{t('wizard.viewInspections')}</Button>
              <Button
                variant="contained"
                onClick={() => {
                  setRun(null);
                  setValue('template', null);
                  setValue('meta', startingMeta(suggestedMetadata(kind)));
                  setStep(0);
                }}
              >
                {t('wizard.createAnother')}
              </Button>
            </>
          )}
        </Stack>
      </Box>
    </FormProvider>
  );
}
