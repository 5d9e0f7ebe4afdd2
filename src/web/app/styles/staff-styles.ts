// Everything Mantine styles, for the staff areas (admin, dispatch, driver):
// loaded when a protected page first opens, never by the public pages.
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
