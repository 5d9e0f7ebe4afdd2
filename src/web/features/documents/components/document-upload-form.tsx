import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { asFieldSentence, errorMessage, isApiError } from '../../../lib/api-client';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';

/**
 * A label's words as a screen reader says them: without the required field's
 * ' *', which Mantine adds to the label hidden from assistive technology.
 */
function labelWords(label: HTMLLabelElement): string {
  const words = label.cloneNode(true) as HTMLLabelElement;
  for (const hidden of words.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return words.textContent?.trim() ?? '';
}

/**
 * A refusal as the person reads it: each field the server names, by the label
 * the form shows for it ('Expiry date: Must be on or after the issue date.'),
 * not by its API name.
 */
function refusalMessage(failure: unknown, form: HTMLFormElement): string {
  if (!isApiError(failure) || !failure.fields) return errorMessage(failure);
  return fieldsMessage(failure.fields, form) || errorMessage(failure);
}

function fieldsMessage(fields: Record<string, string>, form: HTMLFormElement): string {
  const lines = Object.entries(fields).map(([name, message]) => {
    const field = form.elements.namedItem(name);
    const labelElement =
      field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement
        ? field.labels?.[0]
        : undefined;
    const label = labelElement ? labelWords(labelElement) : undefined;
    const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
    return label ? `${label}: ${sentence}` : sentence;
  });
  return lines.join(' ');
}

/** The server's word on a field of the form, by its name, to show under the field. */
export type FieldError = (name: string) => string | undefined;

type DocumentUploadFormProps = {
  /**
   * The form's own fields, above the file input; read back from the FormData
   * by their names. Each passes `fieldError(name)` as its `error`, so a field
   * the server refuses is marked where it is.
   */
  children: (fieldError: FieldError) => ReactNode;
  /** The file input's label and id (one upload form is open at a time, but ids stay distinct). */
  fileLabel: string;
  fileInputId: string;
  accept: string;
  /** Opens the phone's camera first (a driver photographs a licence). */
  capture?: 'environment';
  /** A line under the file input, e.g. the types and size taken. */
  fileHint?: string;
  /** What the form says when Upload is pressed with no file chosen. */
  missingFileMessage: string;
  isPending: boolean;
  /**
   * The fields' check before anything is sent, by the rule the server
   * applies: each field at fault and the server's words for it, or null.
   * A refusal is shown as the server's would be, under the field and above
   * the button.
   */
  check?: (data: FormData) => Record<string, string> | null;
  /** Sends the file with the form's fields; a failure's message is shown above the button. */
  onUpload: (data: FormData, file: File) => Promise<void>;
};

/**
 * The upload form of both document screens (the Document Manager's upload and
 * renew, a driver's or vehicle's required document): the fields, a file
 * input, the error line and the Upload button.
 */
export function DocumentUploadForm({
  children,
  fileLabel,
  fileInputId,
  accept,
  capture,
  fileHint,
  missingFileMessage,
  isPending,
  check,
  onUpload,
}: DocumentUploadFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // A double click on Upload sends once: the button is disabled a render after the first.
  const oneAtATime = useOneAtATime();

  async function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    setFieldErrors({});
    const refused = check?.(data);
    if (refused) {
      const fields = Object.fromEntries(
        Object.entries(refused).map(([name, message]) => [name, asFieldSentence(message)]),
      );
      setError(fieldsMessage(fields, form));
      setFieldErrors(fields);
      return;
    }
    if (!file) {
      setError(missingFileMessage);
      return;
    }
    try {
      await onUpload(data, file);
    } catch (failure) {
      setError(refusalMessage(failure, form));
      setFieldErrors((isApiError(failure) && failure.fields) || {});
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        void oneAtATime(() => submit(form));
      }}
    >
      <Stack gap="sm">
        {children((name) => fieldErrors[name])}
        <div>
          <Text component="label" htmlFor={fileInputId} size="sm" fw={500}>
            {fileLabel}
          </Text>
          <input
            id={fileInputId}
            type="file"
            accept={accept}
            capture={capture}
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
            style={{ display: 'block', marginTop: 4 }}
          />
          {fileHint && (
            <Text size="xs" c="dimmed">
              {fileHint}
            </Text>
          )}
        </div>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={isPending}>
            Upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
