import { Button, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { buildBookNowHref, isInternalUrl, type TripLink } from '../utils/trip-params';

type BookNowButtonProps = ButtonProps & {
  /** The configured target (public settings `bookNowUrl`). */
  bookNowUrl: string;
  /** The quoted trip; null until a route is calculated, which disables the button. */
  trip: TripLink | null;
  /** Always open a new tab with an absolute URL (the widget lives in an iframe). */
  inNewTab?: boolean;
};

/**
 * The yellow Book Now link, carrying the quote to the booking page. Our own
 * '/book' navigates in the app; an external page opens in a new tab.
 */
export function BookNowButton({
  bookNowUrl,
  trip,
  inNewTab = false,
  ...props
}: BookNowButtonProps) {
  // The header's gold (Sign in): Mantine's 'yellow' at the theme's shade 8
  // is orange. Its text is dark, by the theme's autoContrast (12.8:1).
  const buttonProps: ButtonProps = { color: 'gold.4', ...props };
  if (trip === null) {
    // A disabled link is still followed by keyboard and screen reader users;
    // a disabled button is not.
    return (
      <Button {...buttonProps} disabled>
        Book Now
      </Button>
    );
  }

  if (isInternalUrl(bookNowUrl) && !inNewTab) {
    return (
      <Button {...buttonProps} component={Link} to={buildBookNowHref(bookNowUrl, trip)}>
        Book Now
      </Button>
    );
  }

  return (
    <Button
      {...buttonProps}
      component="a"
      href={buildBookNowHref(bookNowUrl, trip, { absolute: true })}
      target="_blank"
      rel="noopener noreferrer"
      rightSection={<ExternalLink size={16} aria-hidden />}
    >
      Book Now
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Button>
  );
}
