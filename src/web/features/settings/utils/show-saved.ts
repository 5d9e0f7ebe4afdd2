import type { UseFormReturnType } from '@mantine/form';

/**
 * Fills a Settings section's form with a setting as saved: these become its
 * untouched values, and no field stays marked from an earlier attempt.
 */
export function showSaved<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  values: NoInfer<Values>,
) {
  form.setInitialValues(values);
  form.setValues(values);
  form.clearErrors();
}
