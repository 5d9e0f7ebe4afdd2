import { Alert, Group, Input, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { TouchCheckbox } from '../../../components/touch-checkbox';
import { lazy, startTransition, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import {
  formatPickupDay,
  formatPickupInWords,
  formatTypedTime,
  parseTypedTime,
  PICKUP_CONCERN_MESSAGES,
  pickupTimeConcern,
  pickupWallTime,
} from '../../../../domain/bookings/pickup-time';
import { useNow } from '../../../lib/use-now';
import type { PickupDatePickerProps } from './pickup-date-picker';

const loadDatePicker = () => import('./pickup-date-picker');
const PickupDatePicker = lazy(loadDatePicker);

/** How often an open pickup field looks at the clock again. */
const PICKUP_CLOCK_MS = 15_000;

export const TYPED_TIME_HINT = 'Type a time like 10:30, 1030, 10.30am or 22:30';

type PickupTimeInputProps = {
  /** The field's name, e.g. 'Pickup date and time'; the inputs are '{label}: date' and '{label}: time'. */
  label: string;
  description?: ReactNode;
  /** Business wall time, 'YYYY-MM-DD HH:mm:ss', or null when not complete. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Whether a pickup at night or within the hour was confirmed for this value. */
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
  /** False when the time needs no confirmation (e.g. a booking edited without moving it). */
  askToConfirm?: boolean;
  /** Said under the field for a time that has passed, offered no confirmation (a form that books only ahead). */
  pastRefusal?: string;
  error?: ReactNode;
  /** 'YYYY-MM-DD': the first day offered. */
  minDate?: string;
  required?: boolean;
  flex?: number;
};

function splitWallTime(value: string | null): { day: string | null; time: string } {
  if (!value) return { day: null, time: '' };
  const [day = null, clock = ''] = value.split(' ');
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return { day, time: clock ? formatTypedTime({ hours, minutes }) : '' };
}

/**
 * The pickup date and time: a calendar for the day and a time typed the way
 * Australians write it, read back in words. A pickup between midnight and
 * 5 am, or less than an hour away, asks to be confirmed (the form refuses
 * to send it until then: see pickupNeedsConfirmation).
 */
export function PickupTimeInput({
  label,
  description,
  value,
  onChange,
  confirmed,
  onConfirmedChange,
  askToConfirm = true,
  pastRefusal,
  error,
  minDate,
  required,
  flex,
}: PickupTimeInputProps) {
  const initial = splitWallTime(value);
  const [day, setDay] = useState<string | null>(initial.day);
  const [timeText, setTimeText] = useState(initial.time);
  const [typingError, setTypingError] = useState<string | null>(null);
  // What a screen reader is told, set only by the user's own change: the
  // default pickup follows the clock (decision 148), and a live text or an
  // alert that changed by itself interrupted the dispatcher every 5 minutes.
  const [announcement, setAnnouncement] = useState('');
  const wordsId = useId();

  // A value set from outside (a reset, a loaded booking, a pasted draft) shows as typed.
  useEffect(() => {
    const typed = parseTypedTime(timeText);
    const current = day && typed ? pickupWallTime(day, typed) : null;
    if (value === current || (value === null && (!day || !typed))) return;
    const next = splitWallTime(value);
    setDay(next.day);
    setTimeText(next.time);
    setTypingError(null);
    // Only an outside change of the value matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  function emit(nextDay: string | null, nextText: string) {
    const typed = parseTypedTime(nextText);
    setTypingError(nextText.trim() && !typed ? TYPED_TIME_HINT : null);
    onConfirmedChange(false);
    const next = nextDay && typed ? pickupWallTime(nextDay, typed) : null;
    setAnnouncement(next ? `${label}: ${announce(next, askToConfirm, pastRefusal)}` : '');
    onChange(next);
  }

  // Redrawn while the form is open, so a time confirmed or typed earlier says
  // so when it has passed without waiting for something else to redraw the
  // form; each drawing reads the clock itself, as the form's submit does.
  useNow(PICKUP_CLOCK_MS);
  const now = new Date();
  // A refused time (in the past on /book) says why under the field; there is nothing to confirm.
  const isRefusedPast =
    pastRefusal !== undefined && value !== null && pickupTimeConcern(value, now) === 'past';
  const shownError = typingError ?? (isRefusedPast ? pastRefusal : error);
  const refused = typingError ?? (error && error !== CONFIRM_PICKUP_MESSAGE ? error : null);
  const concern =
    value && askToConfirm && !refused && !isRefusedPast ? pickupTimeConcern(value, now) : null;
  const words = value ? formatPickupInWords(value, now) : null;
  // Refused for want of the tick: the day and time are fine, the box is what
  // to fix. So the box, not the date, is marked invalid and says why, and a
  // refused Save's focus (the first field marked invalid) lands on it.
  const isUnticked = concern !== null && error === CONFIRM_PICKUP_MESSAGE;
  const fieldError = isUnticked ? null : shownError;

  return (
    <Input.Wrapper
      label={label}
      description={description}
      required={required}
      error={fieldError}
      flex={flex}
    >
      <Stack gap={6} mt={4}>
        {/* Halves: at 3 to 2 the time's example, 'e.g. 10:30am', showed cut on a
            360 px phone; the longest day, 'Nov 29, 2026', fits half as well. */}
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <PickupDayField
            flex={1}
            aria-label={`${label}: date`}
            placeholder="Choose a day"
            minDate={minDate}
            value={day}
            onChange={(next) => {
              setDay(next);
              emit(next, timeText);
            }}
            error={Boolean(fieldError)}
            aria-describedby={words ? wordsId : undefined}
          />
          <TextInput
            flex={1}
            aria-label={`${label}: time`}
            placeholder="e.g. 10:30am"
            inputMode="text"
            autoComplete="off"
            value={timeText}
            onChange={(event) => {
              setTimeText(event.currentTarget.value);
              emit(day, event.currentTarget.value);
            }}
            onBlur={() => {
              const typed = parseTypedTime(timeText);
              if (typed) setTimeText(formatTypedTime(typed));
            }}
            error={Boolean(fieldError)}
            aria-describedby={words ? wordsId : undefined}
          />
        </Group>
        {words ? (
          <Text id={wordsId} size="sm" fw={500}>
            {words}
          </Text>
        ) : null}
        <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
        {concern ? (
          // Not role=alert (Mantine's own): it may appear as the clock moves on;
          // the user's own change says it through the announcement above.
          <Alert color="yellow" variant="light" p="xs" role="group">
            <Stack gap={4}>
              <Text size="sm">{PICKUP_CONCERN_MESSAGES[concern]}</Text>
              {/* A finger's target on a phone (/book), Mantine's own on a desk (decision 203). */}
              <TouchCheckbox
                label={`Yes, pickup ${words}`}
                checked={confirmed}
                onChange={(event) => onConfirmedChange(event.currentTarget.checked)}
                error={isUnticked ? error : undefined}
                aria-invalid={isUnticked || undefined}
              />
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}

type PickupDayFieldProps = Omit<PickupDatePickerProps, 'error'> & {
  'aria-label': string;
  error: boolean;
};

/**
 * The pickup day: until first opened, a button that looks and reads as the
 * picker's own (Mantine's DatePickerInput is an Input rendered as a button),
 * so a page paints and hydrates without the calendar, dayjs and the dates
 * styles (decision 68). A hover or focus fetches the picker; a tap or Enter
 * puts it in the stand-in's place, open (Mantine then moves focus into the
 * calendar, as a tap on its own field does). The swap waits in a transition,
 * so the stand-in stays on screen, focused, while the picker loads.
 */
function PickupDayField(props: PickupDayFieldProps) {
  const [isOpened, setIsOpened] = useState(false);
  const standIn = (
    <PickupDayStandIn
      {...props}
      onPointerEnter={() => void loadDatePicker()}
      onFocus={() => void loadDatePicker()}
      onClick={() => startTransition(() => setIsOpened(true))}
    />
  );
  return (
    <Suspense fallback={standIn}>{isOpened ? <PickupDatePicker {...props} /> : standIn}</Suspense>
  );
}

type PickupDayStandInProps = PickupDayFieldProps & {
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
};

function PickupDayStandIn({
  flex,
  value,
  placeholder,
  error,
  onChange: _onChange,
  minDate: _minDate,
  ...buttonProps
}: PickupDayStandInProps) {
  return (
    <Input.Wrapper flex={flex}>
      <Input
        component="button"
        type="button"
        multiline
        error={error}
        aria-haspopup="dialog"
        aria-expanded={false}
        // DatePickerInput's own rule for its button (m_6fa5e2aa), without its stylesheet.
        styles={{ input: { cursor: 'pointer', lineHeight: 'unset' } }}
        {...buttonProps}
      >
        {value ? (
          formatPickupDay(value)
        ) : (
          <Input.Placeholder error={error}>{placeholder}</Input.Placeholder>
        )}
      </Input>
    </Input.Wrapper>
  );
}

/** The pickup in words, and what it asks of the user, as said once they changed it. */
function announce(value: string, askToConfirm: boolean, pastRefusal: string | undefined): string {
  const now = new Date();
  const concern = pickupTimeConcern(value, now);
  const words = formatPickupInWords(value, now);
  if (concern === 'past' && pastRefusal !== undefined) return `${words}. ${pastRefusal}`;
  return concern && askToConfirm ? `${words}. ${PICKUP_CONCERN_MESSAGES[concern]}` : words;
}

/** Whether a form must hold back this pickup until it is confirmed. */
export function pickupNeedsConfirmation(value: string | null, confirmed: boolean): boolean {
  return (
    value !== null && value !== '' && !confirmed && pickupTimeConcern(value, new Date()) !== null
  );
}

export const CONFIRM_PICKUP_MESSAGE = 'Confirm this pickup time (tick the box)';
