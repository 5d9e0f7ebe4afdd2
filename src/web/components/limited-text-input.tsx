import { TextInput, type TextInputProps } from '@mantine/core';
import { useLengthNote } from './limited-textarea';

type LimitedTextInputProps = TextInputProps & { maxLength: number };

/**
 * A TextInput with a length limit that says so near it and at it, as
 * LimitedTextarea does: a name pasted or typed past the limit is cut by the
 * browser, silently but for this.
 */
export function LimitedTextInput({
  maxLength,
  description,
  onChange,
  ...props
}: LimitedTextInputProps) {
  const length = useLengthNote({ ...props, maxLength, onChange });
  return (
    <TextInput
      {...props}
      maxLength={maxLength}
      description={length.note ?? description}
      onChange={length.onChange}
    />
  );
}
