import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Grid, Loader, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { mostChildSeats } from '../../../../domain/bookings/passenger-counts';
import { seatsRefusal } from '../../../../domain/vehicles/capacity';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { formatDollars } from '../../../lib/format-dollars';
import { useQuote } from '../../fares/api/get-quote';
import { CountInput } from '../../fares/components/count-input';
import type { TripOptions } from '../../fares/utils/trip-options';
import { parseTripSearchParams, type ParsedTripLink } from '../../fares/utils/trip-params';
import type { PlannedRoute } from '../../maps/types';
import { BookingConfirmation } from '../components/booking-confirmation';
import { BookingDetailsForm } from '../components/booking-details-form';
import { BookingTripCard } from '../components/booking-trip-card';
import { useBookingRequest } from '../hooks/use-booking-request';
import { loadChildSeatsDraft, saveChildSeatsDraft } from '../utils/contact-draft';
import { clearConfirmation } from '../utils/kept-confirmation';
import { plannedTripFrom, quotedTripFrom } from '../utils/online-booking-input';

/** The online booking request (`/book`), prefilled from the calculator's Book Now. */
export function BookingPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // Book another trip starts afresh even when the address stays /book.
  const [round, setRound] = useState(0);
  const linkText = searchParams.toString();
  // A new Book Now link while the page is open starts a fresh form.
  return (
    <BookingFlow
      key={`${round}:${linkText}`}
      linkText={linkText}
      link={parseTripSearchParams(searchParams)}
      onBookAnother={() => {
        clearConfirmation();
        setRound((current) => current + 1);
        // In place of the booked trip's entry: Back does not offer its form again.
        if (linkText) void navigate(paths.book, { replace: true });
      }}
    />
  );
}

type BookingFlowProps = {
  /** The Book Now link's query string: what the kept child seats and confirmation belong to. */
  linkText: string;
  link: ParsedTripLink;
  onBookAnother: () => void;
};

function BookingFlow({ linkText, link, onBookAnother }: BookingFlowProps) {
  const [options, setOptions] = useState<TripOptions>(link.options);
  // The calculator's Child Seats tick carries in as one seat; the visitor says how many.
  const [childSeats, setChildSeats] = useState(link.options.childSeats ? 1 : 0);
  const linkPassengers = link.options.passengers;
  // After hydration, which renders the prerendered page's own count (decision 134).
  useEffect(() => {
    const kept = loadChildSeatsDraft(linkText);
    if (kept === null) return;
    const seats = Math.min(kept, mostChildSeats(linkPassengers));
    setChildSeats(seats);
    setOptions((current) => ({ ...current, childSeats: seats > 0 }));
  }, [linkText, linkPassengers]);
  const changeChildSeats = (count: number) => {
    setChildSeats(count);
    saveChildSeatsDraft(linkText, count);
  };
  const quotedTrip = quotedTripFrom({ ...link, options });
  const [isPlanning, setIsPlanning] = useState(quotedTrip === null);
  const [plannedRoute, setPlannedRoute] = useState<PlannedRoute | null>(null);

  const trip = isPlanning ? plannedTripFrom(plannedRoute, options) : quotedTrip;
  const quote = useQuote(
    trip && {
      distanceMeters: trip.route.distanceMeters,
      durationSeconds: trip.route.durationSeconds,
      vehicleType: trip.options.vehicleType,
      childSeats: trip.options.childSeats,
    },
  );
  // What the planner last said of its Pickup and Dropoff (read at submit only).
  const areAddressesFilled = useRef(false);
  const tellAddressesFilled = useCallback((isFilled: boolean) => {
    areAddressesFilled.current = isFilled;
  }, []);
  // A vehicle too small for the passengers is refused where the vehicle is
  // shown, and Request booking waits for a larger one (decision 185, as Book Now).
  const vehicleRefusal = seatsRefusal(options.passengers, options.vehicleType);
  const vehicleRefusalId = useId();
  const request = useBookingRequest({
    link: linkText,
    trip,
    childSeats,
    isPlanning,
    hasBothAddresses: () => areAddressesFilled.current,
  });

  if (request.booked) {
    return (
      <>
        <PageTitle>Book a ride</PageTitle>
        <BookingConfirmation
          booking={request.booked.booking}
          trip={request.booked.trip}
          onBookAnother={onBookAnother}
        />
      </>
    );
  }

  let fare;
  if (quote.data) fare = formatDollars(quote.data.roundedFare);
  else if (quote.isError)
    fare = (
      <Text c="red" size="sm">
        Could not price this trip
      </Text>
    );
  else fare = <Loader size="xs" aria-label="Pricing your trip" />;

  // One seat a passenger at most (decision 82).
  const seatsAtMost = mostChildSeats(options.passengers);
  const childSeatsInput = (
    <CountInput
      label="Child seats"
      description={`How many to fit (up to ${seatsAtMost}); $5 fitting fee`}
      min={0}
      max={seatsAtMost}
      value={childSeats}
      onChange={(count) => {
        changeChildSeats(count);
        setOptions((current) => ({ ...current, childSeats: count > 0 }));
      }}
      error={request.tripFieldErrors.childSeats}
      maw={220}
    />
  );

  return (
    <>
      <PageTitle>Book a ride</PageTitle>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <BookingTripCard
            onAddressesFilledChange={tellAddressesFilled}
            link={link}
            isPlanning={isPlanning}
            quotedTrip={quotedTrip}
            trip={trip}
            options={options}
            onOptionsChange={(next) => {
              setOptions(next);
              // Each child seat carries one of the passengers.
              const seats = next.childSeats ? Math.max(1, childSeats) : 0;
              const fitting = Math.min(seats, next.passengers);
              if (fitting !== childSeats) changeChildSeats(fitting);
            }}
            onRouteChange={setPlannedRoute}
            onChangeTrip={() => setIsPlanning(true)}
            fare={fare}
            childSeatsInput={childSeatsInput}
            tripFieldErrors={request.tripFieldErrors}
            vehicleRefusalId={vehicleRefusalId}
          />
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 6 }}>
          <BookingDetailsForm
            form={request.form}
            onSubmit={request.handleSubmit}
            onFirstFocus={request.prepareChecks}
            isPending={request.isPending}
            formError={request.formError}
            otherErrors={request.otherErrors}
            blockedBy={vehicleRefusal ? vehicleRefusalId : null}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}
