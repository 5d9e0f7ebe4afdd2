import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, NativeSelect, Paper, Stack } from '@mantine/core';
import { GripVertical, Trash2 } from 'lucide-react';
import { MAX_PASSENGERS } from '../../../../domain/bookings/limits';
import {
  MIN_STOP_PASSENGERS,
  type BookingFormStop,
  type StopType,
} from '../utils/booking-form-state';
import { CountInput } from '../../fares/components/count-input';
import { AddressAutocomplete } from '../../maps/components/address-autocomplete';
import { addressValueAt } from '../../maps/types';

const STOP_TYPES: { value: StopType; label: string }[] = [
  { value: 'pickup', label: 'Pickup' },
  { value: 'dropoff', label: 'Dropoff' },
];

/** A change to the stops, applied to the latest list (two quick edits never undo each other). */
export type StopsUpdate = (current: BookingFormStop[]) => BookingFormStop[];

type StopListProps = {
  stops: BookingFormStop[];
  errors: Record<string, unknown>;
  onChange: (update: StopsUpdate) => void;
};

type StopRowProps = {
  stop: BookingFormStop;
  position: number;
  error: string | undefined;
  /** The fields changed: merged into the stop as it is when the change applies. */
  onChange: (changes: Partial<BookingFormStop>) => void;
  onRemove: () => void;
};

function StopRow({ stop, position, error, onChange, onRemove }: StopRowProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: stop.id });

  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      radius="md"
      bg={isDragging ? 'gray.0' : undefined}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
      }}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          mt={26}
          aria-label={`Drag to reorder stop ${position}`}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <GripVertical size={18} aria-hidden />
        </ActionIcon>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <AddressAutocomplete
            label={`Stop ${position}`}
            placeholder="Enter stop location"
            size="sm"
            required
            value={addressValueAt(stop.location, stop.lat, stop.lng)}
            onChange={({ text, place }) =>
              onChange({
                location: text,
                lat: place?.lat ?? null,
                lng: place?.lng ?? null,
              })
            }
            error={error}
          />
          <Group gap="xs" grow>
            <CountInput
              label="Passengers"
              size="sm"
              min={MIN_STOP_PASSENGERS}
              max={MAX_PASSENGERS}
              value={stop.passengers}
              onChange={(passengers) => onChange({ passengers })}
            />
            <NativeSelect
              label="Type"
              size="sm"
              data={STOP_TYPES}
              value={stop.type}
              onChange={(event) =>
                onChange({
                  type: event.currentTarget.value === 'dropoff' ? 'dropoff' : 'pickup',
                })
              }
            />
          </Group>
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          mt={26}
          aria-label={`Remove stop ${position}`}
          onClick={onRemove}
        >
          <Trash2 size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/**
 * The shuttle run's extra stops, reorderable by dragging the handle or, from
 * the keyboard, Space to lift, arrow keys to move, Space to drop.
 */
export function StopList({ stops, errors, onChange }: StopListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const positionOf = (id: string | number) => stops.findIndex((stop) => stop.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up stop ${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Stop ${positionOf(active.id)} is over position ${positionOf(over.id)}.`
        : `Stop ${positionOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Stop ${positionOf(active.id)} was moved to position ${positionOf(over.id)}.`
        : `Stop ${positionOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving stop ${positionOf(active.id)} was cancelled.`,
  };

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onChange((current) => {
      const from = current.findIndex((stop) => stop.id === active.id);
      const to = current.findIndex((stop) => stop.id === over.id);
      return from === -1 || to === -1 ? current : arrayMove(current, from, to);
    });
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a stop, press Space, then the up and down arrow keys, then Space again to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={stops.map((stop) => stop.id)} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" role="list" aria-label="Additional stops">
          {stops.map((stop, index) => (
            <div key={stop.id} role="listitem" data-stop-index={index}>
              <StopRow
                stop={stop}
                position={index + 1}
                error={
                  typeof errors[`stops.${index}.location`] === 'string'
                    ? (errors[`stops.${index}.location`] as string)
                    : undefined
                }
                onChange={(changes) =>
                  onChange((current) =>
                    current.map((item) => (item.id === stop.id ? { ...item, ...changes } : item)),
                  )
                }
                onRemove={() =>
                  onChange((current) => current.filter((item) => item.id !== stop.id))
                }
              />
            </div>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
