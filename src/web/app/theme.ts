import {
  createTheme,
  type DrawerProps,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
} from '@mantine/core';

// Deep navy for the brand, gold for accents: the look of a livery service.
const navy: MantineColorsTuple = [
  '#eef1f7',
  '#d6dced',
  '#aab7d6',
  '#7b90bf',
  '#5571ab',
  '#3d5b9c',
  '#2f4d8f',
  '#233d75',
  '#1a2f5c',
  '#122243',
];

const gold: MantineColorsTuple = [
  '#fff8e1',
  '#ffefc2',
  '#fde08a',
  '#fbd051',
  '#f9c226',
  '#f8b90c',
  '#e0a500',
  '#c79200',
  '#b07f00',
  '#986c00',
];

const CLOSE_BUTTON = { 'aria-label': 'Close' };

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 8, dark: 5 },
  colors: { navy, gold },
  autoContrast: true,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // Mantine's close button (X) is an icon with no name: a screen reader said
    // 'button' and nothing else. Every dialog's, drawer's and notification's is 'Close'; one
    // that passes its own closeButtonProps names it there. Plain objects, not
    // Modal.extend: the theme is in every page's first chunk, the dialogs not.
    Modal: { defaultProps: { closeButtonProps: CLOSE_BUTTON } satisfies Partial<ModalProps> },
    Drawer: { defaultProps: { closeButtonProps: CLOSE_BUTTON } satisfies Partial<DrawerProps> },
    Notification: {
      defaultProps: { closeButtonProps: CLOSE_BUTTON } satisfies Partial<NotificationProps>,
    },
  },
});
