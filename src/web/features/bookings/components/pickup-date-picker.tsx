// The calendar opens in a Popover, whose styles the public pages' shell does
// not load (without them it showed unplaced, at the foot of /book).
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/dates/styles.layer.css';
import { useEffect, useRef } from 'react';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { formatPickupDay } from '../../../../domain/bookings/pickup-time';

export type PickupDatePickerProps = Pick<
  DatePickerInputProps,
  'flex' | 'aria-label' | 'aria-describedby' | 'placeholder' | 'minDate' | 'error'
> & {
  value: string | null;
  onChange: (day: string | null) => void;
};

/**
 * The pickup day's calendar (Mantine's DatePickerInput, dayjs and the dates
 * styles), loaded by pickup-time-input.tsx when its stand-in is first
 * hovered or focused, and put in its place, open, when it is first tapped.
 */
export default function PickupDatePicker(props: PickupDatePickerProps) {
  const button = useRef<HTMLButtonElement>(null);
  const hasOpened = useRef(false);
  useEffect(() => {
    // Once (StrictMode runs a first effect twice: a second click would close it).
    if (hasOpened.current) return;
    hasOpened.current = true;
    button.current?.focus();
    // The tap that brought the picker opens it: Mantine keeps that state inside, toggled on click.
    button.current?.click();
  }, []);

  return (
    <DatePickerInput
      ref={button}
      // The stand-in's format, so nothing changes when the picker replaces it.
      valueFormatter={({ date }) => (typeof date === 'string' ? formatPickupDay(date) : '')}
      nextLabel="Next month"
      previousLabel="Previous month"
      // Mantine's picker leaves focus nowhere (on <body>) when a day is chosen
      // or Escape closes it: give it back to this field, where Tab goes on to
      // the time.
      // The calendar is a dialog, named for the field it fills: Mantine's
      // aria-labelledby points at an id the field does not keep.
      popoverProps={{
        returnFocus: true,
        attributes: {
          dropdown: {
            'aria-labelledby': undefined,
            'aria-label': `Calendar: ${props['aria-label']}`,
          },
        },
      }}
      {...props}
    />
  );
}
