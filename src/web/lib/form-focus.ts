import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from './api-client';

/**
 * Where the focus goes when a form's submit is refused or has been sent, as
 * the New Booking panel does it (decisions 115, 201), for every other form.
 *
 * - Refused (the form's own check or the server's 400): the focus goes to the
 *   first field marked invalid, so a keyboard or screen reader user lands on
 *   what to fix and hears its message; with no field marked, to the form's
 *   alert. The focus left on Save said nothing.
 * - Sent: Save is disabled while it loads, and a disabled button loses the
 *   focus to the page: in a dialog the next Tab then walked the page behind
 *   it. When the request ends with the focus lost, it goes back into the
 *   form (the refused field, else the alert, else Save).
 *
 * Give `formRef` to the <form> (or the element around fields and a Save button); call `focusRefused` where the form's errors
 * are set (Mantine's `form.onSubmit(submit, focusRefused)`, a server refusal).
 */
export function useFormFocus<Form extends HTMLElement = HTMLFormElement>(isPending: boolean) {
  const formRef = useRef<Form>(null);
  const [refusals, setRefusals] = useState(0);
  const focusRefused = useCallback(() => setRefusals((count) => count + 1), []);

  // After the render that marks the fields.
  useEffect(() => {
    if (refusals > 0) focusProblem(formRef.current);
  }, [refusals]);

  const wasPending = useRef(isPending);
  useEffect(() => {
    const hasEnded = wasPending.current && !isPending;
    wasPending.current = isPending;
    if (hasEnded && isFocusLost()) {
      const form = formRef.current;
      if (!focusProblem(form)) {
        (
          form?.querySelector<HTMLElement>(ENABLED_SUBMIT) ??
          form?.querySelector<HTMLElement>(ENABLED_CONTROL)
        )?.focus();
      }
    }
  }, [isPending]);

  /**
   * A refused save: the server's field problems onto the form's fields (and
   * the focus to the first), anything else as a red notice titled `title`.
   */
  const showRefusal = useCallback(
    (error: unknown, setErrors: (errors: Record<string, string>) => void, title: string) => {
      if (isApiError(error) && error.fields) {
        setErrors(error.fields);
        focusRefused();
      } else {
        notifications.show({ color: 'red', title, message: errorMessage(error) });
      }
    },
    [focusRefused],
  );

  return { formRef, focusRefused, showRefusal };
}

// Save again once it is enabled; else (a Save that waits for a change) the first field.
const ENABLED_SUBMIT = 'button[type="submit"]:not(:disabled)';
const ENABLED_CONTROL =
  'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled)';

function isFocusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

/** The first field marked invalid, else the form's alert; false when there is neither. */
function focusProblem(form: HTMLElement | null): boolean {
  if (!form?.isConnected) return false;
  const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (field) {
    field.focus();
    return true;
  }
  const alert = form.querySelector<HTMLElement>('[role="alert"]');
  if (!alert) return false;
  // Focusable by script only, so the screen reader reads it; not a Tab stop.
  if (!alert.hasAttribute('tabindex')) alert.tabIndex = -1;
  alert.focus();
  return true;
}
