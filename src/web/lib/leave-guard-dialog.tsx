import { Button, Group, Modal, Text } from '@mantine/core';

/** Above any dialog holding the form (Mantine's modals sit at 200). */
const ABOVE_DIALOGS = 300;

/** What is asked: leaving the page, or closing the dialog that holds the form. */
const QUESTIONS = {
  page: {
    title: 'Leave without saving?',
    text: 'What you entered on this page is not saved and will be lost.',
    leave: 'Leave',
  },
  dialog: {
    title: 'Close without saving?',
    text: 'What you entered in this form is not saved and will be lost.',
    leave: 'Close',
  },
} as const;

/** 'Leave without saving?' ('Close without saving?' for a dialog), over what would be lost. */
export default function LeaveGuardDialog({
  onStay,
  onLeave,
  leaving = 'page',
}: {
  onStay: () => void;
  onLeave: () => void;
  leaving?: keyof typeof QUESTIONS;
}) {
  const question = QUESTIONS[leaving];
  return (
    // No X: it would be a second 'Close' meaning Stay beside the red Close that
    // leaves. Stay and Escape stay; the red button leaves.
    <Modal
      opened
      onClose={onStay}
      title={question.title}
      zIndex={ABOVE_DIALOGS}
      withCloseButton={false}
    >
      <Text size="sm">{question.text}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onStay} data-autofocus>
          Stay
        </Button>
        <Button color="red" onClick={onLeave}>
          {question.leave}
        </Button>
      </Group>
    </Modal>
  );
}
