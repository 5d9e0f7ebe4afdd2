import {
  createTheme,
  darken,
  DEFAULT_THEME,
  luminance,
  type CSSVariablesResolver,
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

/** WCAG AA for text is 4.5:1; a little above it, so rounding never takes a colour below. */
const AA_CONTRAST = 4.6;

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour itself when it reads at 4.5:1 on every background given, else darkened until it does. */
function readableOn(color: string, backgrounds: string[]): string {
  let shade = color;
  for (let step = 1; backgrounds.some((bg) => contrast(shade, bg) < AA_CONTRAST); step += 1) {
    shade = darken(color, step * 0.05);
  }
  return shade;
}

const WHITE = '#ffffff';
// The backgrounds text is read on: white, Mantine's gray.0 (tables, the page), and
// the dashboard's yellow.0 alert card.
const PAGE_BACKGROUNDS = [WHITE, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.yellow[0]];

/**
 * Mantine's default text colours for these hues read below WCAG AA (axe): a
 * light badge's text (shade 9 on shade 1: green 3.8:1, yellow 2.7:1), a
 * coloured text (c="green", shade 8 on white), white on a filled badge (green
 * 3.4:1). The hue stays (spec 4: green completed, red cancelled, yellow
 * otherwise); only the shade darkens, to the first that reads at 4.5:1. Yellow's
 * filled colour is not changed (its text is black by autoContrast, and Book
 * Now's yellow is its own).
 */
const DARKENED_HUES = ['green', 'teal', 'lime', 'yellow', 'orange', 'cyan', 'red'] as const;

function hueVariables(): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const hue of DARKENED_HUES) {
    const palette = DEFAULT_THEME.colors[hue];
    const lightBackground = palette[1];
    variables[`--mantine-color-${hue}-light-color`] = readableOn(palette[9], [
      lightBackground,
      palette[0],
      ...PAGE_BACKGROUNDS,
    ]);
    variables[`--mantine-color-${hue}-text`] = readableOn(palette[8], PAGE_BACKGROUNDS);
    // White text on these (autoContrast picks white for their shade 8).
    const filled = readableOn(palette[8], [WHITE]);
    if (hue !== 'yellow' && hue !== 'lime' && filled !== palette[8]) {
      variables[`--mantine-color-${hue}-filled`] = filled;
      variables[`--mantine-color-${hue}-filled-hover`] = darken(filled, 0.1);
    }
  }
  return variables;
}

/**
 * Passed to MantineProvider with the theme: the light scheme's text colours
 * that axe found below 4.5:1, fixed once here rather than in each component.
 * The error colour (#fa5252, 3.3:1) and dimmed text (#868e96, 3.2:1) darken too.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': readableOn(DEFAULT_THEME.colors.red[6], [
      ...PAGE_BACKGROUNDS,
      DEFAULT_THEME.colors.red[0],
    ]),
    '--mantine-color-dimmed': readableOn(DEFAULT_THEME.colors.gray[6], PAGE_BACKGROUNDS),
    ...hueVariables(),
  },
  dark: {},
});
