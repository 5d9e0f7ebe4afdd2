import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, rem, type ModalProps } from '@mantine/core';
import {
  AtSign,
  ClipboardPaste,
  History,
  Landmark,
  Layers,
  Route,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Booking } from '../../../../domain/bookings/api';
import type { BookingFormDraft } from '../utils/booking-form-state';
import { AccountCodeDialog } from './components/account-code-dialog';
import { JobHistoryDialog } from './components/job-history-dialog';
import { MultiBookingDialog } from './components/multi-booking-dialog';
import { NearestDriversDialog } from './components/nearest-drivers-dialog';
import { PasteBookingDialog } from './components/paste-booking-dialog';
import { RouteSuggestionDialog } from './components/route-suggestion-dialog';
import { SendEmailDialog } from './components/send-email-dialog';

export type DispatcherTopBarProps = {
  selectedBooking: Booking | null;
  onDraft: (draft: BookingFormDraft) => void;
};

/** The seven tools, in the spec's order (section 2, screen 11). */
export const TOOLS = [
  'Job History',
  'Multi Booking',
  'Account Code',
  'Send Email',
  'Paste Booking',
  'Route Suggestion',
  'Nearest Drivers',
] as const;
export type ToolName = (typeof TOOLS)[number];

const TOOL_ICONS: Record<ToolName, LucideIcon> = {
  'Job History': History,
  'Multi Booking': Layers,
  'Account Code': Landmark,
  'Send Email': AtSign,
  'Paste Booking': ClipboardPaste,
  'Route Suggestion': Route,
  'Nearest Drivers': Users,
};

/*
 * Narrower than Mantine's xs button, and taller: 8 px side padding (not 14)
 * and 6 px between icon and label (not 10) fit the seven tools and the count
 * on one line at 1280 px, even in the widest fallback font (DejaVu Sans Bold);
 * 32 px (not 30) keeps each a comfortable click target.
 */
const TOOL_BUTTON_STYLE = { '--button-height': rem(32), '--button-padding-x': rem(8) };
const TOOL_BUTTON_STYLES = { section: { marginInlineEnd: rem(6) } };

const TOOL_SIZES: Record<ToolName, ModalProps['size']> = {
  'Job History': 'xl',
  'Multi Booking': 'xl',
  'Account Code': 'lg',
  'Send Email': 'lg',
  'Paste Booking': 'xl',
  'Route Suggestion': 'lg',
  'Nearest Drivers': 'lg',
};

/**
 * The dispatcher frame's top bar: seven buttons, each opening its own large
 * dialog. There is one Modal, so only one tool is ever open.
 */
export function DispatcherTopBar({ selectedBooking, onDraft }: DispatcherTopBarProps) {
  const [tool, setTool] = useState<ToolName>('Job History');
  const [isOpen, setOpen] = useState(false);
  const close = () => setOpen(false);

  function content(name: ToolName): ReactNode {
    switch (name) {
      case 'Job History':
        return <JobHistoryDialog />;
      case 'Multi Booking':
        return <MultiBookingDialog onClose={close} />;
      case 'Account Code':
        return (
          <AccountCodeDialog
            onUse={(accountCode) => {
              onDraft({ accountCode });
              close();
            }}
          />
        );
      case 'Send Email':
        return (
          <SendEmailDialog defaultTo={selectedBooking?.customer?.email ?? ''} onSent={close} />
        );
      case 'Paste Booking':
        return <PasteBookingDialog onDraft={onDraft} onClose={close} />;
      case 'Route Suggestion':
        return <RouteSuggestionDialog booking={selectedBooking} />;
      case 'Nearest Drivers':
        return <NearestDriversDialog booking={selectedBooking} onAssigned={close} />;
    }
  }

  return (
    <>
      <Group gap={4} wrap="wrap" role="toolbar" aria-label="Dispatcher tools">
        {TOOLS.map((name) => {
          const Icon = TOOL_ICONS[name];
          return (
            <Button
              key={name}
              size="xs"
              style={TOOL_BUTTON_STYLE}
              styles={TOOL_BUTTON_STYLES}
              variant={isOpen && tool === name ? 'filled' : 'default'}
              leftSection={<Icon size={14} aria-hidden />}
              aria-haspopup="dialog"
              onClick={() => {
                setTool(name);
                setOpen(true);
              }}
            >
              {name}
            </Button>
          );
        })}
      </Group>
      <Modal opened={isOpen} onClose={close} title={tool} size={TOOL_SIZES[tool]}>
        {/* Keyed by tool: switching tools starts the dialog afresh. */}
        <div key={tool}>{content(tool)}</div>
      </Modal>
    </>
  );
}
