import { useState, type ChangeEvent } from 'react';
import { Textarea, type TextareaProps } from '@mantine/core';

type LimitedTextareaProps = TextareaProps & { maxLength: number };

/** From this share of the limit on, the field counts its characters. */
const COUNT_FROM = 0.9;

/** What the field says of its length, or null while it is far from the limit. */
export function lengthNote(length: number, maxLength: number): string | null {
  if (length < maxLength * COUNT_FROM) return null;
  const counted = `${length.toLocaleString('en-AU')} of ${maxLength.toLocaleString('en-AU')} characters`;
  return length >= maxLength ? `${counted}: the most it takes` : counted;
}

type LengthNoteOptions<E extends HTMLInputElement | HTMLTextAreaElement> = {
  value?: unknown;
  defaultValue?: unknown;
  maxLength: number;
  onChange?: ((event: ChangeEvent<E>) => void) | undefined;
};

/**
 * What a limited field says of its length (lengthNote), controlled or
 * uncontrolled, and the onChange that keeps count of what is typed. Shared
 * by LimitedTextarea and LimitedTextInput.
 */
export function useLengthNote<E extends HTMLInputElement | HTMLTextAreaElement>({
  value,
  defaultValue,
  maxLength,
  onChange,
}: LengthNoteOptions<E>) {
  const [typedLength, setTypedLength] = useState(String(value ?? defaultValue ?? '').length);
  const length = value === undefined ? typedLength : String(value).length;
  return {
    note: lengthNote(length, maxLength),
    onChange: (event: ChangeEvent<E>) => {
      setTypedLength(event.currentTarget.value.length);
      onChange?.(event);
    },
  };
}

/**
 * A Textarea with a length limit that says so as the text nears it, and at
 * it: a long paste is cut at the limit by the browser, which would otherwise
 * lose the rest without a word. Works controlled and uncontrolled.
 */
export function LimitedTextarea({
  maxLength,
  description,
  onChange,
  ...props
}: LimitedTextareaProps) {
  const length = useLengthNote({ ...props, maxLength, onChange });
  return (
    <Textarea
      {...props}
      maxLength={maxLength}
      description={length.note ?? description}
      onChange={length.onChange}
    />
  );
}
