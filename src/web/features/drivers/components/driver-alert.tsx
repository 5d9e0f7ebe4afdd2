import { Alert, type AlertProps } from '@mantine/core';
import type { ReactNode } from 'react';

// Mantine draws an alert's close button 16 px square: too small for a thumb in a moving car.
const THUMB_SIZED_CLOSE = { width: 44, height: 44, minWidth: 44, minHeight: 44 };

/** An Alert for the driver's phone: its close button is a 44 px tap target. */
export function DriverAlert({
  children,
  ...props
}: AlertProps & { onClose?: () => void; children?: ReactNode }) {
  return (
    <Alert {...props} styles={{ closeButton: THUMB_SIZED_CLOSE }}>
      {children}
    </Alert>
  );
}
