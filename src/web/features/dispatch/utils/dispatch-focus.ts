// Where the focus goes on the dispatch screen once an action is done: the
// action's button is often disabled or gone by then, which dropped the focus
// to the page (the next Tab went to 'Skip to main content').

/** The New Booking panel's form element (the panel scrolls inside itself). */
export const BOOKING_FORM_ID = 'new-booking-form';
/** The panel's scrolling part (Mantine's ScrollArea viewport). */
export const BOOKING_FORM_SCROLL_ID = 'new-booking-form-scroll';
/** Edit Booking's Fare ($) input, which a $0 booking's notice opens on. */
export const FARE_FIELD_ID = 'booking-fare';

/**
 * Once the panel has rendered: the field `find` picks is scrolled to the
 * middle of the panel (which scrolls inside itself) and focused.
 */
function showField(find: (form: HTMLElement | null) => HTMLElement | null | undefined) {
  requestAnimationFrame(() => {
    const field = find(document.getElementById(BOOKING_FORM_ID));
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  });
}

/** Once the panel shows the booking: its Fare ($) field in view and focused. */
export function showFareField() {
  showField(() => document.getElementById(FARE_FIELD_ID));
}

/**
 * Save refused: the first field that says why is brought into view and
 * focused. The panel scrolls, and a message below its fold (the pickup time
 * to confirm) made Save look as if it did nothing.
 */
export function showFirstRefusedField() {
  showField((form) => form?.querySelector<HTMLElement>('[aria-invalid="true"]'));
}

/**
 * The form from its top, the focus on its first field that can change
 * (Pickup Location; a closed booking's Notes). After a booking is created,
 * so the next one is typed at once (the button pressed was disabled while
 * saving, which sent the focus to the page); after Edit, so the booking
 * opened is changed from the keyboard at once, and not shown scrolled to
 * where the last form was left.
 */
export function showFirstField() {
  requestAnimationFrame(() => {
    const form = document.getElementById(BOOKING_FORM_ID);
    const viewport = document.getElementById(BOOKING_FORM_SCROLL_ID);
    if (viewport) viewport.scrollTop = 0;
    form
      ?.querySelector<HTMLElement>(
        "input:not([type='hidden']):not(:disabled), textarea:not(:disabled)",
      )
      ?.focus({ preventScroll: true });
  });
}

/** The details panel's heading (the booking's reference): focusable by script, not a Tab stop. */
export const BOOKING_DETAILS_HEADING_ID = 'booking-details-heading';

/**
 * Once the screen has rendered, the focus goes to the details panel's
 * heading. An action on the selected booking (Assign, a status step, Cancel
 * booking, Save of an edit) disables or removes the button pressed, which
 * dropped the focus to the page: the next Tab went to 'Skip to main content'
 * and it took dozens to come back. From the heading, Tab goes on through the
 * panel, and a screen reader reads the booking the action was on.
 */
export function focusBookingDetails() {
  requestAnimationFrame(() => document.getElementById(BOOKING_DETAILS_HEADING_ID)?.focus());
}

/**
 * Once the screen has rendered, the focus goes to the booking list, on its
 * row that takes Tab (the one last selected or focused): the details panel
 * was closed (Close details, Escape), and its button went with it.
 */
export function focusBookingList() {
  requestAnimationFrame(() =>
    document
      .querySelector<HTMLElement>('[role="listbox"][aria-label="Bookings"] [tabindex="0"]')
      ?.focus(),
  );
}
