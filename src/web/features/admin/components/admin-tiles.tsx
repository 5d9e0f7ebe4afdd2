import {
  Button,
  Card,
  Group,
  SimpleGrid,
  Text,
  ThemeIcon,
  Title,
  type ModalProps,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  BarChart3,
  FileText,
  Megaphone,
  Settings,
  ShieldCheck,
  Upload,
  Users,
  Wallet,
  Car,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { AddCustomerForm } from '../../customers/components/add-customer-form';
import { TimeZoneForm } from '../../settings/components/time-zone-form';
import { UsersAndRoles } from '../../users/components/users-and-roles';
import { ImportManager } from '../../imports/components/import-manager';
import { DriverDocumentsDialog } from '../../documents/components/driver-documents-dialog';
import { DriverDashboard } from './driver-dashboard';

export const COMING_SOON = 'This feature is coming soon!';

type DialogSize = Extract<ModalProps['size'], 'sm' | 'md' | 'lg' | 'xl'>;

type TileAction =
  | { label: string; kind: 'dialog'; size: DialogSize; render: (close: () => void) => ReactNode }
  | { label: string; kind: 'link'; to: string }
  | { label: string; kind: 'soon' };

type Tile = { title: string; description: string; icon: LucideIcon; actions: TileAction[] };

/** The nine tiles of the spec, in its order. */
export const TILES: Tile[] = [
  {
    title: 'Customer Management',
    description: 'Add customers and look up their bookings and spending.',
    icon: Users,
    actions: [
      {
        label: 'Add Customer',
        kind: 'dialog',
        size: 'md',
        render: (close) => <AddCustomerForm onCancel={close} onSuccess={close} />,
      },
      { label: 'View Customers', kind: 'link', to: paths.customers },
    ],
  },
  {
    title: 'Driver Management',
    description: "Each driver's status, earnings, performance and recent trips.",
    icon: Car,
    actions: [
      { label: 'Driver Dashboard', kind: 'dialog', size: 'xl', render: () => <DriverDashboard /> },
      { label: 'Drivers', kind: 'link', to: paths.adminDrivers },
      { label: 'Vehicles', kind: 'link', to: paths.adminVehicles },
      { label: 'Driver Schedules', kind: 'link', to: paths.adminSchedules },
    ],
  },
  {
    title: 'Booking Analytics',
    description: 'Booking volumes, sources and peak times.',
    icon: BarChart3,
    actions: [
      { label: 'WA Booking Records', kind: 'link', to: paths.adminReports },
      { label: 'Booking Reports', kind: 'soon' },
      { label: 'Peak Times', kind: 'soon' },
    ],
  },
  {
    title: 'Financial Overview',
    description: 'Revenue, fares and corporate account statements.',
    icon: Wallet,
    actions: [
      { label: 'Revenue Report', kind: 'soon' },
      { label: 'Account Statements', kind: 'soon' },
    ],
  },
  {
    title: 'Communication Center',
    description: 'Messages to drivers and customers.',
    icon: Megaphone,
    actions: [
      { label: 'Mail', kind: 'link', to: paths.adminMail },
      { label: 'Send Announcement', kind: 'soon' },
      { label: 'Message Templates', kind: 'soon' },
    ],
  },
  {
    title: 'System Settings',
    description: 'Time zone, fares, business details and notifications.',
    icon: Settings,
    actions: [
      {
        label: 'General Settings',
        kind: 'dialog',
        size: 'sm',
        render: (close) => <TimeZoneForm onSaved={close} />,
      },
      { label: 'All Settings', kind: 'link', to: paths.settings },
    ],
  },
  {
    title: 'Access Control',
    description: 'Staff users, their roles and what each role may open.',
    icon: ShieldCheck,
    actions: [
      {
        label: 'Edit Roles',
        kind: 'dialog',
        size: 'lg',
        render: () => <UsersAndRoles showAccessTable={false} />,
      },
    ],
  },
  {
    title: 'Data Import',
    description: 'Bring customers, drivers, vehicles and bookings in from files.',
    icon: Upload,
    actions: [
      {
        label: 'Import Manager',
        kind: 'dialog',
        size: 'xl',
        render: () => <ImportManager />,
      },
    ],
  },
  {
    title: 'Document Center',
    description: 'Business documents and driver compliance papers.',
    icon: FileText,
    actions: [
      { label: 'Document Manager', kind: 'link', to: paths.adminDocuments },
      {
        label: 'Driver Documents',
        kind: 'dialog',
        size: 'xl',
        render: () => <DriverDocumentsDialog />,
      },
    ],
  },
];

let dialogCount = 0;

function openDialog(action: Extract<TileAction, { kind: 'dialog' }>) {
  dialogCount += 1;
  const modalId = `admin-dialog-${dialogCount}`;
  // Wide dialogs take the whole screen on a phone.
  const isPhone = window.matchMedia('(max-width: 48em)').matches;
  const close = () => modals.close(modalId);
  modals.open({
    modalId,
    title: action.label,
    size: action.size,
    fullScreen: isPhone && (action.size === 'lg' || action.size === 'xl'),
    // Escape is handled below: Mantine's own closes every open dialog at once.
    closeOnEscape: false,
    // A click on the backdrop closes the dialog, but not the second click of a
    // double click: its first click was inside the dialog (a double click on
    // the backdrop has closed it already), on a button whose result is shorter,
    // so the second landed on the backdrop (Import Manager's Confirm import).
    closeOnClickOutside: false,
    overlayProps: {
      onClick: (event: MouseEvent<HTMLDivElement>) => {
        if (event.detail < 2) close();
      },
    },
    children: (
      <EscapeClosesUnlessCovered onEscape={close}>{action.render(close)}</EscapeClosesUnlessCovered>
    ),
  });
}

/**
 * Escape closes the dashboard's dialog unless a dialog is open over it
 * (Driver Documents' Upload): every Mantine modal closes on any Escape in
 * the window, so one press closed the upload and the dialog under it. A key
 * pressed while a picker's dropdown is open closes the dropdown only, as
 * Mantine's own rule does.
 */
function EscapeClosesUnlessCovered({
  onEscape,
  children,
}: {
  onEscape: () => void;
  children: ReactNode;
}) {
  const content = useRef<HTMLDivElement>(null);
  const escape = useRef(onEscape);
  escape.current = onEscape;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.getAttribute('data-mantine-stop-propagation') === 'true') return;
      const own = content.current?.closest('[role="dialog"]');
      if (!own) return;
      // A dialog opened over this one comes later in the page (each has its portal).
      const isCovered = [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')].some(
        (dialog) => own.compareDocumentPosition(dialog) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
      if (!isCovered) escape.current();
    };
    // In the capture phase, as Mantine's own: the dialog over this one is
    // still open when this runs, whichever closes first.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
  return <div ref={content}>{children}</div>;
}

function ActionButton({ action }: { action: TileAction }) {
  switch (action.kind) {
    case 'link':
      return (
        <Button component={Link} to={action.to} variant="default" size="xs">
          {action.label}
        </Button>
      );
    case 'dialog':
      return (
        <Button variant="light" size="xs" onClick={() => openDialog(action)}>
          {action.label}
        </Button>
      );
    case 'soon':
      return (
        <Button
          variant="default"
          size="xs"
          onClick={() => notifications.show({ title: action.label, message: COMING_SOON })}
        >
          {action.label}
        </Button>
      );
    default: {
      const unhandled: never = action;
      throw new Error(`Unknown action ${String(unhandled)}`);
    }
  }
}

export function AdminTiles() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {TILES.map((tile) => (
        <Card key={tile.title} withBorder radius="md" padding="md" component="section">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size="lg" radius="md">
              <tile.icon size={20} aria-hidden />
            </ThemeIcon>
            <div>
              <Title order={2} size="h4">
                {tile.title}
              </Title>
              <Text size="sm" c="dimmed">
                {tile.description}
              </Text>
            </div>
          </Group>
          <Group gap="xs" mt="md">
            {tile.actions.map((action) => (
              <ActionButton key={action.label} action={action} />
            ))}
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
