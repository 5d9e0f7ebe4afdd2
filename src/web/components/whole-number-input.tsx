import type { KeyboardEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { parseTypedNumber } from '../../domain/format/typed-number';

export type WholeNumberInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'inputMode'> & {
  /** The text as typed; a number is shown as written. */
  value: string | number;
  onChange: (text: string) => void;
  min?: number;
  max?: number;
  /** What the arrow keys add or take away. */
  step?: number;
};

/**
 * The whole number the arrow keys step to: from a whole number by `delta`,
 * from anything else (an empty field, '1.5', '1e3') to the least allowed,
 * and never past the bounds.
 */
export function steppedWholeNumber(
  text: string,
  delta: number,
  min: number | undefined,
  max: number | undefined,
): number {
  const current = parseTypedNumber(text);
  const next = current !== null && Number.isInteger(current) ? current + delta : (min ?? 0);
  return Math.min(max ?? Infinity, Math.max(min ?? -Infinity, next));
}

/**
 * A field for a whole number (minutes, a count, seats) that shows exactly
 * what was typed. Mantine's NumberInput drops the characters it will not
 * take and joins the digits around them: '60.5' became 605, '-45' 45 and
 * '1e3' 13, and that number was checked and saved. Here a decimal point, a
 * minus sign or a letter stays on screen, and the form's check says why the
 * value is refused. The arrow keys step a whole number within min and max.
 */
export function WholeNumberInput({
  value,
  onChange,
  min,
  max,
  step = 1,
  onKeyDown,
  ...props
}: WholeNumberInputProps) {
  const text = String(value);
  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(event);
    const direction = event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : 0;
    if (direction === 0 || event.defaultPrevented) return;
    event.preventDefault();
    onChange(String(steppedWholeNumber(text, direction * step, min, max)));
  }
  return (
    <TextInput
      autoComplete="off"
      {...props}
      inputMode="numeric"
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={handleKeyDown}
    />
  );
}
