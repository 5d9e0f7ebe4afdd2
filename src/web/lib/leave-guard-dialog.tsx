import { Button, Group, Modal, Text } from '@mantine/core';

/** Above any dialog holding the form (Mantine's modals sit at 200). */
const ABOVE_DIALOGS = 300;

/** 'Leave without saving?', over the page or the dialog whose input would be lost. */
export default function LeaveGuardDialog({
  onStay,
  onLeave,
}: {
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Modal opened onClose={onStay} title="Leave without saving?" zIndex={ABOVE_DIALOGS}>
      <Text size="sm">What you entered on this page is not saved and will be lost.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onStay} data-autofocus>
          Stay
        </Button>
        <Button color="red" onClick={onLeave}>
          Leave
        </Button>
      </Group>
    </Modal>
  );
}
