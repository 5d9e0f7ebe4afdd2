import { useState } from 'react';
import { parseTypedNumber } from '../../../../domain/format/typed-number';
import {
  WholeNumberInput,
  type WholeNumberInputProps,
} from '../../../components/whole-number-input';

type CountInputProps = Omit<WholeNumberInputProps, 'value' | 'onChange' | 'min' | 'max'> & {
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
 * mid-edit (an empty field, a number out of range, '1.5', '-2', '1e3') the
 * draft stays on screen as typed, with the reason it is not taken; leaving
 * the field puts the last valid count back and says so, rather than keeping
 * or clamping it silently. Nothing typed is dropped: '0.5' suitcases used to
 * be read as 5 (decision 111). Enter does not submit the form past a
 * refused draft: it would save the kept count the field does not show.
 */
export function CountInput({
  value,
  onChange,
  min,
  max,
  onBlur,
  onKeyDown,
  error,
  description,
  ...props
}: CountInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [kept, setKept] = useState<string | null>(null);
  const problem = draft === null ? null : countProblem(parseTypedNumber(draft) ?? draft, min, max);

  return (
    <WholeNumberInput
      {...props}
      value={draft ?? value}
      min={min}
      max={max}
      error={problem ?? error}
      description={kept ?? description}
      onChange={(text) => {
        setKept(null);
        const count = parseTypedNumber(text);
        if (count !== null && countProblem(count, min, max) === null) {
          setDraft(null);
          if (count !== value) onChange(count);
        } else {
          setDraft(text);
        }
      }}
      onKeyDown={(event) => {
        // Enter would submit the form with the last valid count while the
        // field shows another: the refused number stays, with its reason.
        if (event.key === 'Enter' && problem) event.preventDefault();
        onKeyDown?.(event);
      }}
      onBlur={(event) => {
        if (problem) setKept(`${problem}: kept ${value}`);
        setDraft(null);
        onBlur?.(event);
      }}
    />
  );
}
