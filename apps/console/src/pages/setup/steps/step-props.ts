import type { SetupData } from '../setup-steps.ts';

/** What every step gets: its heading text, the customer's data, and Setup's re-read after a write. */
export interface StepProps {
  readonly heading: string;
  readonly data: SetupData;
  readonly onDone: () => Promise<void>;
}
