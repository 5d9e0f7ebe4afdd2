import { useState } from 'react';
import { NumberInput, type NumberInputProps } from '@mantine/core';

type CountInputProps = Omit<NumberInputProps, 'value' | 'onChange' | 'min' | 'max'> & {
  value: number;
  onChange: (value: number) => void;
  min: number;
  max?: number;
};

/**
 * A whole-number field that reports only valid counts. While the visitor is
 * mid-edit (an empty field, a number out of range) the draft is shown but not
 * passed on; leaving the field puts the last valid count back.
 */
export function CountInput({ value, onChange, min, max, onBlur, ...props }: CountInputProps) {
  const [draft, setDraft] = useState<number | string | null>(null);

  function isValid(candidate: number | string): candidate is number {
    return (
      typeof candidate === 'number' &&
      Number.isInteger(candidate) &&
      candidate >= min &&
      (max === undefined || candidate <= max)
    );
  }

  return (
    <NumberInput
      {...props}
      value={draft ?? value}
      min={min}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      inputMode="numeric"
      onChange={(next) => {
        if (isValid(next)) {
          setDraft(null);
          if (next !== value) onChange(next);
        } else {
          setDraft(next);
        }
      }}
      onBlur={(event) => {
        setDraft(null);
        onBlur?.(event);
      }}
    />
  );
}
