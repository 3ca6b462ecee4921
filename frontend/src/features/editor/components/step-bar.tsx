import { StepBar as StepList } from '../../../shared/ui/step-bar';
import { LAST_STEP, STEP_TITLES, type Step } from '../lib/workflow';

const TITLES: readonly string[] = ([1, 2, 3, 4] as const).map((item) => STEP_TITLES[item]);

/** The editor's four steps (000 §2); the current one carries the magic gradient and aria-current. */
export function StepBar({ step }: { step: Step }) {
  return <StepList titles={TITLES} current={step} label={`Editor steps, step ${step} of ${LAST_STEP}`} />;
}
