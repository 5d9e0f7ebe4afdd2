import { useState } from 'react';
import { NumberInput, type NumberInputProps } from '@mantine/core';

type CountInputProps = Omit<NumberInputProps, 'value' | 'onChange' | 'min' | 'max'> & {
  value: number;
  onChange: (value: number) => void;
  min: number;
  max?: number;
};

/** Why a typed count is not taken, or null when it is a valid count. */
export function countProblem(
  candidate: number | string,
  min: number,
  max: number | undefined,
): string | null {
  if (typeof candidate !== 'number' || !Number.isInteger(candidate)) return 'Enter a whole number';
  if (candidate < min) return min === 0 ? 'Cannot be less than 0' : `At least ${min}`;
  if (max !== undefined && candidate > max) return `At most ${max}`;
  return null;
}

/**
 * A whole-number field that reports only valid counts. While the person is
 * mid-edit (an empty field, a number out of range) the draft stays on screen
 * with the reason it is not taken; leaving the field puts the last valid count
 * back and says so, rather than keeping or clamping it silently.
 */
export function CountInput({
  value,
  onChange,
  min,
  max,
  onBlur,
  error,
  description,
  ...props
}: CountInputProps) {
  const [draft, setDraft] = useState<number | string | null>(null);
  const [kept, setKept] = useState<string | null>(null);
  const problem = draft === null ? null : countProblem(draft, min, max);

  return (
    <NumberInput
      {...props}
      value={draft ?? value}
      min={min}
      max={max}
      allowDecimal={false}
      // A minus sign typed stays visible, so "-2" is refused with a reason, not read as 2.
      allowNegative
      clampBehavior="none"
      inputMode="numeric"
      error={problem ?? error}
      description={kept ?? description}
      onChange={(next) => {
        setKept(null);
        if (countProblem(next, min, max) === null) {
          setDraft(null);
          if (next !== value) onChange(next as number);
        } else {
          setDraft(next);
        }
      }}
      onBlur={(event) => {
        if (problem) setKept(`${problem}: kept ${value}`);
        setDraft(null);
        onBlur?.(event);
      }}
    />
  );
}
