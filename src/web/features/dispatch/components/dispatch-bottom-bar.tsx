import { Button, Group, Paper } from '@mantine/core';
import { Ban, Info, LogOut, Save } from 'lucide-react';

type DispatchBottomBarProps = {
  isSaving: boolean;
  hasSelection: boolean;
  canCancelSelection: boolean;
  onSave: () => void;
  onJobInformation: () => void;
  onCancelBooking: () => void;
  onExit: () => void;
};

/** Spec 2.11: Save Booking, Job Information, Cancel Booking, Exit. */
export function DispatchBottomBar({
  isSaving,
  hasSelection,
  canCancelSelection,
  onSave,
  onJobInformation,
  onCancelBooking,
  onExit,
}: DispatchBottomBarProps) {
  return (
    // The notices stand above the bar when the board's map is not shown
    // (route-overlays.tsx, decision 149).
    <Paper withBorder radius="md" px="sm" py={6} bg="navy.9" component="footer" data-notices-above>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            color="gold.4"
            c="navy.9"
            leftSection={<Save size={14} aria-hidden />}
            loading={isSaving}
            onClick={onSave}
          >
            Save Booking
          </Button>
          <Button
            size="xs"
            variant="white"
            leftSection={<Info size={14} aria-hidden />}
            disabled={!hasSelection}
            onClick={onJobInformation}
          >
            Job Information
          </Button>
          <Button
            size="xs"
            color="red"
            leftSection={<Ban size={14} aria-hidden />}
            disabled={!canCancelSelection}
            onClick={onCancelBooking}
          >
            Cancel Booking
          </Button>
        </Group>
        <Button
          size="xs"
          variant="outline"
          color="gray.0"
          leftSection={<LogOut size={14} aria-hidden />}
          onClick={onExit}
        >
          Exit
        </Button>
      </Group>
    </Paper>
  );
}
