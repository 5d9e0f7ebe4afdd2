import {
  Component,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Badge, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useNavigate, useSearchParams } from 'react-router';
import type { Booking } from '../../../../domain/bookings/api';
import type { Driver } from '../../../../domain/drivers/api';
import { dayRangeToIso } from '../../../../domain/bookings/wall-time';
import { OPEN_STATUSES } from '../../../../domain/bookings/status';
import { dispatchExitPath } from '../../../../domain/access';
import { seenStatusOf, useChangeBookingStatus } from '../api/change-booking-status';
import { useBooking } from '../api/get-booking';
import { useBookingCount } from '../api/get-bookings';
import { useDrivers } from '../api/get-drivers';
import { canCancel } from './booking-detail-panel';
import { CancelBookingSummary } from './cancel-booking-summary';
import { DispatchBottomBar } from './dispatch-bottom-bar';
import { DispatchScreen } from './dispatch-screen';
import { JobInformationModal } from './job-information-modal';
import { NewBookingPanel } from './new-booking-panel';
import { useBookingEditor } from '../hooks/use-booking-editor';
import { preloadAddressField } from '../../maps/components/address-autocomplete';
import { useNewBookingNotices } from '../hooks/use-new-booking-notices';
import { useLiveEvents } from '../../live-events/hooks/use-live-events';
import { DispatcherTopBar } from '../tools/dispatcher-top-bar';
import { useBusinessToday } from '../../../lib/use-now';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { usePublicSettings } from '../../settings/api/get-public-settings';
import { useMe } from '../../auth/api/get-me';
import { focusBookingDetails, focusBookingList } from '../utils/dispatch-focus';
import { refusedNotice } from '../utils/refused-notice';
import classes from './dispatch-workspace.module.css';

/** A failing tool bar must not take the dispatch screen down with it. */
class TopBarBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}

const NO_DRIVERS: Driver[] = [];

/**
 * /dispatch?vehicle=<id> (a Search result for a plate) opens the map on who
 * has that car: the driver on shift with it, else one of its drivers.
 */
function driverOfVehicle(drivers: readonly Driver[], vehicleId: string | null): string | null {
  if (!vehicleId) return null;
  const withIt = drivers.filter((driver) => driver.vehicle?.id === vehicleId);
  return (withIt.find((driver) => driver.status === 'active') ?? withIt[0])?.id ?? null;
}

/** Today's open bookings, and the pending ones from today on: today and its bounds in the business's zone. */
function useCounts(today: string, timeZone: string) {
  const todayRange = dayRangeToIso(today, today, timeZone);
  const current = useBookingCount({ ...todayRange, status: OPEN_STATUSES });
  const pending = useBookingCount({
    from: todayRange.from,
    status: ['pending'],
  });
  return { current: current.data, pending: pending.data };
}

/** The dispatcher's screen: New Booking panel, dispatch list and map, and the frame's two bars. */
export default function DispatchWorkspace() {
  const navigate = useNavigate();
  const viewerRole = useMe().data?.role ?? null;
  const accessTable = usePublicSettings().data?.accessTable;
  const timeZone = useBusinessTimeZone();
  const today = useBusinessToday(timeZone);
  // /dispatch?booking=<id> opens that booking's detail (Jobs Overview, Timeline and Search link here).
  const [searchParams] = useSearchParams();
  const [selectedId, setSelectedId] = useState<string | null>(() => searchParams.get('booking'));
  // Selecting is by id: a booking the list's dates or filters leave out is
  // still selected, its details open and the bottom bar's actions on it.
  const handleSelect = useCallback((booking: Booking) => setSelectedId(booking.id), []);
  const editor = useBookingEditor({ onSelectBooking: handleSelect });
  const [isJobInfoOpen, setJobInfoOpen] = useState(false);
  const selected = useBooking(selectedId);
  const selectedBooking = selectedId ? (selected.data?.booking ?? null) : null;
  const drivers = useDrivers();
  const changeStatus = useChangeBookingStatus();
  const counts = useCounts(today, timeZone);
  // A booking that reaches the board without this dispatcher (online, a
  // colleague's) is told, and its notice's Open selects it.
  const onBookingCreated = useNewBookingNotices(handleSelect);
  useLiveEvents({ onBookingCreated });
  // The dispatcher types addresses all day: the suggestions come with the screen (decision 179).
  useEffect(() => {
    void preloadAddressField();
  }, []);

  const driverList = drivers.data?.drivers ?? NO_DRIVERS;
  // /dispatch?driver=<id> (a Search result) centres the map on that driver and opens their popup.
  const focusDriverId =
    searchParams.get('driver') ?? driverOfVehicle(driverList, searchParams.get('vehicle'));
  const activeDrivers = driverList.filter((driver) => driver.status === 'active').length;

  function confirmCancel(opened: Booking) {
    // The confirm button can take a second click while the dialog closes: cancel once.
    let confirmed = false;
    // The dialog reads the booking live; the cancel is sent on what it showed last.
    let shown = opened;
    const modalId = `cancel-booking-${opened.id}`;
    modals.openConfirmModal({
      modalId,
      title: `Cancel booking ${opened.reference}?`,
      children: (
        <CancelBookingSummary
          opened={opened}
          modalId={modalId}
          onShown={(booking) => {
            shown = booking;
          }}
        />
      ),
      labels: { confirm: 'Cancel booking', cancel: 'Keep booking' },
      confirmProps: { color: 'red' },
      // A cancel cannot be taken back: the safe answer has the focus.
      cancelProps: { 'data-autofocus': true },
      onConfirm: () => {
        if (confirmed) return;
        confirmed = true;
        changeStatus.mutate(
          // Changed after that (a driver given, on the way), the server refuses: nothing is cancelled.
          { id: shown.id, status: 'cancelled', ...seenStatusOf(shown) },
          {
            onSuccess: ({ booking: saved }) => {
              notifications.show({
                color: 'green',
                title: 'Booking cancelled',
                message: `Booking ${saved.reference} is cancelled.`,
              });
              // The Cancel pressed is now disabled: the focus goes to the panel, which says Cancelled.
              focusBookingDetails();
            },
            onError: (error) =>
              notifications.show(refusedNotice('Could not cancel the booking', error)),
          },
        );
      },
    });
  }

  // The dispatch screen is memoised (the form re-renders the page on every
  // keystroke); it gets stable handlers that call the latest ones.
  const latest = useRef({ confirmCancel, editBooking: editor.editBooking });
  useLayoutEffect(() => {
    latest.current = { confirmCancel, editBooking: editor.editBooking };
  });
  const handleCloseDetails = useCallback(() => {
    setSelectedId(null);
    focusBookingList();
  }, []);
  const handleEdit = useCallback((booking: Booking) => latest.current.editBooking(booking), []);
  const handleCancel = useCallback((booking: Booking) => latest.current.confirmCancel(booking), []);

  return (
    <div className={classes.frame}>
      <div className={classes.topBar}>
        <div className={classes.topBarTools}>
          <TopBarBoundary>
            <DispatcherTopBar
              selectedBooking={selectedBooking}
              onDraft={(draft) => editor.loadDraft(draft)}
            />
          </TopBarBoundary>
        </div>
        <Tooltip label="Today's bookings that are not completed, cancelled or a no-show">
          <Badge
            size="lg"
            radius="sm"
            color="navy"
            variant="filled"
            style={{ flex: 'none', textTransform: 'none' }}
          >
            Current Bookings: {counts.current ?? '…'}
          </Badge>
        </Tooltip>
      </div>

      <div className={classes.body}>
        <div className={classes.panel}>
          <NewBookingPanel editor={editor} />
        </div>
        <div className={classes.screen}>
          <DispatchScreen
            today={today}
            drivers={driverList}
            activeDrivers={activeDrivers}
            pendingBookings={counts.pending}
            selectedId={selectedId}
            selectedBooking={selectedBooking}
            focusDriverId={focusDriverId}
            onSelect={handleSelect}
            onCloseDetails={handleCloseDetails}
            onEdit={handleEdit}
            onCancel={handleCancel}
          />
        </div>
      </div>

      <DispatchBottomBar
        isSaving={editor.isSubmitting}
        hasSelection={selectedBooking !== null}
        canCancelSelection={selectedBooking !== null && canCancel(selectedBooking.status)}
        onSave={() => void editor.submit()}
        onJobInformation={() => setJobInfoOpen(true)}
        onCancelBooking={() => {
          if (selectedBooking) confirmCancel(selectedBooking);
        }}
        onExit={() => void navigate(dispatchExitPath(viewerRole, accessTable))}
      />

      <JobInformationModal
        bookingId={selectedId}
        opened={isJobInfoOpen}
        onClose={() => setJobInfoOpen(false)}
      />
    </div>
  );
}
