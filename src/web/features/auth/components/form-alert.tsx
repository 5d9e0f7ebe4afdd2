import { Alert } from '@mantine/core';
import { CircleAlert, CircleCheck } from 'lucide-react';

/** The red error box shown above a form's fields. */
export function ErrorAlert({ children }: { children: string }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<CircleAlert size={18} aria-hidden />}>
      {children}
    </Alert>
  );
}

/** The green confirmation note of the password pages. */
export function SuccessAlert({ children }: { children: string }) {
  return (
    <Alert color="green" variant="light" role="status" icon={<CircleCheck size={18} aria-hidden />}>
      {children}
    </Alert>
  );
}
