import { useState, type ReactElement } from 'react';
import { Tooltip } from '@mantine/core';

type PressedTooltipProps = {
  label: string;
  /** The icon button it names (an ActionIcon with the same aria-label). */
  children: ReactElement;
};

/**
 * An icon button's name on hover, gone once the button is pressed: the
 * pointer resting on Create booking kept it open over the panel while the
 * form was checked or saved. It shows again when the pointer comes back.
 */
export function PressedTooltip({ label, children }: PressedTooltipProps) {
  const [isPressed, setPressed] = useState(false);
  return (
    <Tooltip
      label={label}
      disabled={isPressed}
      onClick={() => setPressed(true)}
      // A disabled button (saving) may miss the leave: a new entry counts too.
      onMouseEnter={() => setPressed(false)}
      onMouseLeave={() => setPressed(false)}
    >
      {children}
    </Tooltip>
  );
}
