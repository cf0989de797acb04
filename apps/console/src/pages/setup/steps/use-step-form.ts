import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A step's form: zod-checked values, one write, then Setup reads the customer again and moves
 * on. A refusal stays on the step with the catalogue's text (CON-33).
 */
export function useStepForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  write: (values: z.output<S>) => Promise<void>,
) {
  const [refusal, setRefusal] = useState<unknown>(null);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await write(values);
    } catch (error) {
      setRefusal(error);
    }
  });
  return { form, onSubmit, refusal, busy: form.formState.isSubmitting };
}
