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
  const initial = props.value ?? props.defaultValue ?? '';
  const [typedLength, setTypedLength] = useState(String(initial).length);
  const length = props.value === undefined ? typedLength : String(props.value).length;
  const note = lengthNote(length, maxLength);
  return (
    <Textarea
      {...props}
      maxLength={maxLength}
      description={note ?? description}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
        setTypedLength(event.currentTarget.value.length);
        onChange?.(event);
      }}
    />
  );
}
