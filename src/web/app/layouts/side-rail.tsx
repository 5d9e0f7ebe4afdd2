import { Stack, UnstyledButton } from '@mantine/core';
import {
  Bell,
  CalendarPlus,
  Car,
  MessageSquare,
  Search,
  Settings,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import classes from './app-layout.module.css';

const RAIL_ITEMS: { label: string; icon: LucideIcon }[] = [
  { label: 'Search', icon: Search },
  { label: 'Booking', icon: CalendarPlus },
  { label: 'Messages', icon: MessageSquare },
  { label: 'Notifications', icon: Bell },
  { label: 'Tools', icon: Wrench },
  { label: 'Settings', icon: Settings },
  { label: 'Vehicles', icon: Car },
];

/**
 * The staff side rail. Its buttons have no behaviour yet, as the spec says:
 * shown, marked unavailable, and out of the Tab order, so a keyboard user
 * does not stop on seven buttons that do nothing.
 */
export function SideRail() {
  return (
    <Stack gap={4}>
      {RAIL_ITEMS.map(({ label, icon: Icon }) => (
        <UnstyledButton
          key={label}
          type="button"
          aria-label={label}
          aria-disabled
          tabIndex={-1}
          className={classes.railButton}
        >
          <Icon size={20} strokeWidth={1.75} aria-hidden />
          <span>{label}</span>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
