import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { StatusMessage } from '../../ui/StatusMessage.tsx';
import { nextSetupStep, setupSteps } from './setup-steps.ts';
import { BoardStep } from './steps/BoardStep.tsx';
import { DepartmentStep } from './steps/DepartmentStep.tsx';
import { PlacesStep } from './steps/PlacesStep.tsx';
import { ScreenStep } from './steps/ScreenStep.tsx';
import { SetupDone } from './steps/SetupDone.tsx';
import { SiteStep } from './steps/SiteStep.tsx';
import type { StepProps } from './steps/step-props.ts';
import { WorkflowStep } from './steps/WorkflowStep.tsx';
import { useSetupData } from './use-setup-data.ts';

const stepComponents: Readonly<Record<(typeof setupSteps)[number], ComponentType<StepProps>>> = {
  site: SiteStep,
  department: DepartmentStep,
  workflow: WorkflowStep,
  places: PlacesStep,
  board: BoardStep,
  screen: ScreenStep,
};

/**
 * The guided path from an empty customer to a live board (product.md §9): site and time zone,
 * department, workflow and phases, locations and stations, a board, then a screen paired by its
 * code. The next step is worked out from the customer's data each time (CON-29, CON-30).
 */
export function SetupPage() {
  const intl = useIntl();
  const { data, error, reload } = useSetupData();
  const title = intl.formatMessage({ id: 'nav.setup' });
  if (!data) {
    return (
      <>
        <PageHeading>{title}</PageHeading>
        {error ? <ErrorAlert error={error} /> : <StatusMessage busy message="setup.loading" />}
      </>
    );
  }
  const step = nextSetupStep(data);
  const index = step === 'done' ? setupSteps.length : setupSteps.indexOf(step);
  const names = setupSteps.map((name) => intl.formatMessage({ id: `setup.step.${name}` }));
  const Current = step === 'done' ? undefined : stepComponents[step];
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <Typography sx={{ mb: 2, maxWidth: 720 }}>{intl.formatMessage({ id: 'setup.intro' })}</Typography>
      <Box sx={{ mb: 3, overflowX: 'auto' }}>
        <Stepper activeStep={index} alternativeLabel>
          {names.map((name) => (
            <Step key={name}>
              <StepLabel>{name}</StepLabel>
            </Step>
          ))}
        </Stepper>
      </Box>
      <ErrorAlert error={error} />
      {Current ? (
        <Current
          key={step}
          heading={intl.formatMessage(
            { id: 'setup.heading' },
            { number: index + 1, total: setupSteps.length, name: names[index] ?? '' },
          )}
          data={data}
          onDone={reload}
        />
      ) : (
        <SetupDone data={data} />
      )}
    </>
  );
}
