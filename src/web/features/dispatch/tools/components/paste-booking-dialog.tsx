import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { CircleAlert, CircleCheck } from 'lucide-react';
import {
  parseBookingText,
  type ParsedBookingText,
} from '../../../../../domain/dispatch/parse-booking-text';
import { useBusinessTimeZone } from '../../../settings/hooks/use-business-time-zone';
import type { BookingFormDraft } from '../../utils/booking-form-state';

/** A long email thread is still far below this; it keeps parsing instant. */
const MAX_PASTE_LENGTH = 20_000;

type PasteBookingDialogProps = {
  onDraft: (draft: BookingFormDraft) => void;
  onClose: () => void;
};

/**
 * Pasted text (a client's or hotel's email) becomes a draft in the New
 * Booking form. Nothing is booked here: the dispatcher checks the form and
 * saves it.
 */
export function PasteBookingDialog({ onDraft, onClose }: PasteBookingDialogProps) {
  const timeZone = useBusinessTimeZone();
  const [text, setText] = useState('');
  const [result, setResult] = useState<ParsedBookingText | null>(null);

  function processBooking() {
    const parsed = parseBookingText(text, new Date(), timeZone);
    setResult(parsed);
    // The flight number is already in the notes; the form has no field of its own for it.
    const { flightNumber: _flightNumber, ...draft } = parsed.draft;
    if (Object.keys(draft).length === 0) return;
    // The form says at its field what the text asked for that it could not take.
    const { fieldNotes } = parsed;
    onDraft(Object.keys(fieldNotes).length > 0 ? { ...draft, fieldNotes } : draft);
  }

  const hasDraft = result !== null && result.found.length > 0;

  return (
    <Stack>
      <Textarea
        label="Booking text"
        description="Paste an email or message from a client, hotel or PA."
        placeholder={
          'e.g. Please pick up Mr John Brown from Crown Towers to Perth Airport T1 tomorrow 5:30pm, 2 pax, 3 bags. Mobile 0412 345 678'
        }
        rows={10}
        resize="vertical"
        maxLength={MAX_PASTE_LENGTH}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setResult(null);
        }}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button onClick={processBooking} disabled={text.trim() === ''}>
          Process Booking
        </Button>
      </Group>

      {result ? (
        <>
          {hasDraft ? (
            <Alert color="blue" icon={<CircleCheck size={18} aria-hidden />}>
              The New Booking form is filled in with what was recognised. Check it, complete it and
              save it there.
            </Alert>
          ) : (
            <Alert color="yellow" icon={<CircleAlert size={18} aria-hidden />}>
              Nothing in this text looks like booking details; the form was left as it was.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <div>
              <Title order={3} size="h5" mb="xs">
                Recognised
              </Title>
              {result.found.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nothing
                </Text>
              ) : (
                <List size="sm" spacing={4} aria-label="Recognised">
                  {result.found.map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List>
              )}
            </div>
            <div>
              <Title order={3} size="h5" mb="xs">
                Not recognised
              </Title>
              {result.missing.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nothing missing from the text. The form still has to find each address on the map
                  and price the trip: check it there.
                </Text>
              ) : (
                <List size="sm" spacing={4} aria-label="Not recognised" c="orange.8">
                  {result.missing.map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List>
              )}
            </div>
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
