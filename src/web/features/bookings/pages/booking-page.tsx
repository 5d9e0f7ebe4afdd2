import '@mantine/dates/styles.layer.css';
import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Grid,
  List,
  Loader,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { CircleAlert, Pencil } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { MAX_ASSISTANCE_NEEDS_LENGTH, MAX_CHILD_SEATS } from '../../../../domain/bookings/api';
import { OnlineBookingInputSchema } from '../../../../domain/bookings/online-booking';
import { standardCapacityWarning } from '../../../../domain/vehicles';
import { PageTitle } from '../../../components/page-title';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useQuote } from '../../fares/api/get-quote';
import { formatDollars } from '../../../lib/format-dollars';
import { RoutePlanner } from '../../maps/components/route-planner';
import type { PlannedRoute, ResolvedPlace } from '../../maps/types';
import { usePublicSettings } from '../../settings/api/get-public-settings';
import { CountInput } from '../../fares/components/count-input';
import { TripOptionsFields } from '../../fares/components/trip-options-fields';
import { TRIP_OPTION_FLAGS, type TripOptions } from '../../fares/utils/trip-options';
import {
  parseTripSearchParams,
  type ParsedTripLink,
  type TripLink,
  type TripPlace,
} from '../../fares/utils/trip-params';
import {
  useCreateOnlineBooking,
  type OnlineBooking,
  type OnlineBookingInput,
} from '../api/create-online-booking';
import { BookingConfirmation } from '../components/booking-confirmation';
import { TripSummary } from '../components/trip-summary';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { schemaError } from '../../../lib/schema-error';
import {
  CONFIRM_PICKUP_MESSAGE,
  pickupNeedsConfirmation,
  PickupTimeInput,
} from '../components/pickup-time-input';
import { perthToday, perthWallTimeToIso } from '../utils/perth-time';
import { splitFieldErrors } from '../utils/server-field-errors';

type ContactValues = {
  passengerName: string;
  phone: string;
  email: string;
  /** The picker's 'YYYY-MM-DD HH:mm:ss', a Perth wall-clock time. */
  pickupTime: string | null;
  /** A pickup at night or within the hour was confirmed. */
  pickupTimeConfirmed: boolean;
  assistanceNeeds: string;
  notes: string;
};

const CONTACT_FIELDS = [
  'passengerName',
  'phone',
  'email',
  'pickupTime',
  'assistanceNeeds',
  'notes',
] as const;
const TRIP_FIELDS = [
  'numPassengers',
  'largeSuitcases',
  'mediumSuitcases',
  'vehicleType',
  'childSeats',
] as const;

/** The quoted trip in the URL, when it names pickup, dropoff and the route. */
function quotedTripFrom(link: ParsedTripLink): TripLink | null {
  const { pickup, dropoff, route } = link;
  if (!pickup || !dropoff || !route) return null;
  return { pickup, dropoff, stops: link.stops, options: link.options, route };
}

function plannedTripFrom(route: PlannedRoute | null, options: TripOptions): TripLink | null {
  if (!route) return null;
  return {
    pickup: route.pickup,
    dropoff: route.dropoff,
    stops: route.stops,
    options,
    route: { distanceMeters: route.distanceMeters, durationSeconds: route.durationSeconds },
  };
}

/** The route planner takes a place with coordinates, or text to look up. */
function plannerValue(place: TripPlace | null): ResolvedPlace | string | undefined {
  if (!place) return undefined;
  const { address, lat, lng } = place;
  return lat === undefined || lng === undefined ? address : { address, lat, lng };
}

function toBookingInput(
  trip: TripLink,
  contact: ContactValues,
  pickupTime: string,
  childSeats: number,
): OnlineBookingInput {
  const { pickup, dropoff, stops, options, route } = trip;
  return {
    pickupLocation: pickup.address,
    pickupLat: pickup.lat,
    pickupLng: pickup.lng,
    dropoffLocation: dropoff.address,
    dropoffLat: dropoff.lat,
    dropoffLng: dropoff.lng,
    stops: stops.map(({ address, lat, lng }) => ({ location: address, lat, lng })),
    pickupTime,
    numPassengers: options.passengers,
    largeSuitcases: options.largeSuitcases,
    mediumSuitcases: options.mediumSuitcases,
    vehicleType: options.vehicleType,
    childSeats,
    options: Object.fromEntries(TRIP_OPTION_FLAGS.map((flag) => [flag, options[flag]])) as Record<
      (typeof TRIP_OPTION_FLAGS)[number],
      boolean
    >,
    distanceMeters: Math.round(route.distanceMeters),
    durationSeconds: Math.round(route.durationSeconds),
    passengerName: contact.passengerName.trim(),
    phone: contact.phone.trim(),
    email: contact.email.trim() || undefined,
    assistanceNeeds: contact.assistanceNeeds.trim() || undefined,
    notes: contact.notes.trim() || undefined,
  };
}

/** The online booking request (`/book`), prefilled from the calculator's Book Now. */

const PAST_PICKUP_MESSAGE = 'Choose a pickup time in the future';

function isPast(wallTime: string): boolean {
  return Date.parse(perthWallTimeToIso(wallTime)) <= Date.now();
}

export function BookingPage() {
  const [searchParams] = useSearchParams();
  // A new Book Now link while the page is open starts a fresh form.
  return <BookingFlow key={searchParams.toString()} link={parseTripSearchParams(searchParams)} />;
}

function BookingFlow({ link }: { link: ParsedTripLink }) {
  const settings = usePublicSettings();
  const [options, setOptions] = useState<TripOptions>(link.options);
  // The calculator's Child Seats tick carries in as one seat; the visitor says how many.
  const [childSeats, setChildSeats] = useState(link.options.childSeats ? 1 : 0);
  const quotedTrip = quotedTripFrom({ ...link, options });
  const [isPlanning, setIsPlanning] = useState(quotedTrip === null);
  const [plannedRoute, setPlannedRoute] = useState<PlannedRoute | null>(null);
  const [booked, setBooked] = useState<{ booking: OnlineBooking; trip: TripLink } | null>(null);

  const trip = isPlanning ? plannedTripFrom(plannedRoute, options) : quotedTrip;
  const quote = useQuote(
    trip && {
      distanceMeters: trip.route.distanceMeters,
      durationSeconds: trip.route.durationSeconds,
      vehicleType: trip.options.vehicleType,
      childSeats: trip.options.childSeats,
    },
  );

  const createBooking = useCreateOnlineBooking();
  // One key per filled-in form: a double click or a retry of the same form
  // reuses it, so the server creates one booking; a changed form gets a new one.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const isSending = useRef(false);
  const [tripFieldErrors, setTripFieldErrors] = useState<Record<string, string>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<ContactValues>({
    initialValues: {
      passengerName: '',
      phone: '',
      email: '',
      pickupTime: null,
      pickupTimeConfirmed: false,
      assistanceNeeds: '',
      notes: '',
    },
    validate: {
      passengerName: (value) => (value.trim() ? null : 'Enter your full name'),
      phone: (value) => (value.trim() ? null : 'Enter your mobile phone number'),
      email: (value) =>
        schemaError(
          OnlineBookingInputSchema.shape.email,
          value.trim(),
          'Enter a valid email address',
        ),
      pickupTime: (value, values) => {
        if (!value) return 'Choose the pickup date and time';
        if (isPast(value)) return PAST_PICKUP_MESSAGE;
        return pickupNeedsConfirmation(value, values.pickupTimeConfirmed)
          ? CONFIRM_PICKUP_MESSAGE
          : null;
      },
    },
  });

  // Take keyboard and screen reader users to the first field to fix.
  function focusFirstError(errors: Record<string, unknown>) {
    const first = CONTACT_FIELDS.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  }

  const handleSubmit = form.onSubmit(async (values) => {
    if (isSending.current) return;
    setFormError(null);
    setOtherErrors([]);
    setTripFieldErrors({});
    if (!trip || !values.pickupTime) {
      setFormError('Enter the pickup and dropoff and press Calculate Fare before booking.');
      return;
    }
    const body = toBookingInput(trip, values, perthWallTimeToIso(values.pickupTime), childSeats);
    const bodyText = JSON.stringify(body);
    if (attempt.current?.body !== bodyText) {
      attempt.current = { key: newIdempotencyKey(), body: bodyText };
    }

    isSending.current = true;
    try {
      const { booking } = await createBooking.mutateAsync({
        booking: body,
        idempotencyKey: attempt.current.key,
      });
      attempt.current = null;
      setBooked({ booking, trip });
      window.scrollTo({ top: 0 });
    } catch (error) {
      if (isApiError(error) && error.fields) {
        const onScreen = isPlanning ? [...CONTACT_FIELDS, ...TRIP_FIELDS] : CONTACT_FIELDS;
        const { shown, other } = splitFieldErrors(error.fields, onScreen);
        const contactErrors = Object.fromEntries(
          Object.entries(shown).filter(([name]) => name in values),
        );
        form.setErrors(contactErrors);
        focusFirstError(contactErrors);
        setTripFieldErrors(shown);
        setOtherErrors(other);
        if (other.length > 0 || Object.keys(shown).length === 0) setFormError(error.message);
      } else {
        setFormError(errorMessage(error));
      }
    } finally {
      isSending.current = false;
    }
  }, focusFirstError);

  if (booked) {
    return (
      <>
        <PageTitle>Book a ride</PageTitle>
        <BookingConfirmation
          booking={booked.booking}
          trip={booked.trip}
          businessPhone={settings.data?.business.phone}
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

  const childSeatsInput = (
    <CountInput
      label="Child seats"
      description={`How many to fit (up to ${MAX_CHILD_SEATS}); $5 fitting fee`}
      min={0}
      max={MAX_CHILD_SEATS}
      value={childSeats}
      onChange={(count) => {
        setChildSeats(count);
        setOptions((current) => ({ ...current, childSeats: count > 0 }));
      }}
      error={tripFieldErrors.childSeats}
      maw={220}
    />
  );

  const capacityWarning = trip
    ? standardCapacityWarning(trip.options.passengers, trip.options.vehicleType)
    : null;

  return (
    <>
      <PageTitle>Book a ride</PageTitle>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card
            withBorder
            radius="md"
            padding="lg"
            component="section"
            aria-labelledby="trip-heading"
          >
            <Stack gap="md">
              <Title order={2} size="h3" id="trip-heading">
                Your trip
              </Title>
              {isPlanning ? (
                <>
                  <RoutePlanner
                    onRouteChange={setPlannedRoute}
                    initialPickup={plannerValue(link.pickup)}
                    initialDropoff={plannerValue(link.dropoff)}
                    initialStops={link.stops.map((stop) => plannerValue(stop) ?? stop.address)}
                    mapHeight={260}
                  />
                  <TripOptionsFields
                    value={options}
                    onChange={(next) => {
                      setOptions(next);
                      if (next.childSeats !== options.childSeats) {
                        setChildSeats(next.childSeats ? Math.max(1, childSeats) : 0);
                      }
                    }}
                    errors={tripFieldErrors}
                  />
                  {childSeatsInput}
                  {trip ? <Text fw={600}>Quoted fare: {fare}</Text> : null}
                </>
              ) : quotedTrip ? (
                <>
                  <TripSummary
                    pickup={quotedTrip.pickup}
                    dropoff={quotedTrip.dropoff}
                    stops={quotedTrip.stops}
                    options={quotedTrip.options}
                    route={quotedTrip.route}
                    fare={fare}
                  />
                  {childSeatsInput}
                  {capacityWarning ? (
                    <Alert color="yellow" variant="light">
                      {capacityWarning}
                    </Alert>
                  ) : null}
                  <Button
                    variant="default"
                    leftSection={<Pencil size={16} aria-hidden />}
                    onClick={() => setIsPlanning(true)}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    Change trip
                  </Button>
                </>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card
            withBorder
            radius="md"
            padding="lg"
            component="section"
            aria-labelledby="details-heading"
          >
            <form onSubmit={handleSubmit} noValidate>
              <Stack gap="md">
                <Title order={2} size="h3" id="details-heading">
                  Your details
                </Title>
                {formError ? (
                  <Alert
                    color="red"
                    variant="light"
                    role="alert"
                    icon={<CircleAlert size={18} aria-hidden />}
                  >
                    {formError}
                    {otherErrors.length > 0 ? (
                      <List size="sm" mt="xs">
                        {otherErrors.map((line) => (
                          <List.Item key={line}>{line}</List.Item>
                        ))}
                      </List>
                    ) : null}
                  </Alert>
                ) : null}
                <TextInput
                  label="Full name"
                  autoComplete="name"
                  required
                  key={form.key('passengerName')}
                  {...form.getInputProps('passengerName')}
                />
                <TextInput
                  label="Mobile phone"
                  type="tel"
                  autoComplete="tel"
                  placeholder="+61 4xx xxx xxx"
                  required
                  key={form.key('phone')}
                  {...form.getInputProps('phone')}
                />
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="email"
                  description="Optional"
                  key={form.key('email')}
                  {...form.getInputProps('email')}
                />
                <PickupTimeInput
                  label="Pickup date and time"
                  description="Perth time"
                  minDate={perthToday(new Date())}
                  required
                  value={form.values.pickupTime}
                  onChange={(value) => form.setFieldValue('pickupTime', value)}
                  confirmed={form.values.pickupTimeConfirmed}
                  onConfirmedChange={(confirmed) => {
                    form.setFieldValue('pickupTimeConfirmed', confirmed);
                    if (confirmed) form.clearFieldError('pickupTime');
                  }}
                  // A time already passed is refused as soon as it is typed: no confirming it.
                  error={
                    form.values.pickupTime && isPast(form.values.pickupTime)
                      ? PAST_PICKUP_MESSAGE
                      : form.errors.pickupTime
                  }
                />
                <TextInput
                  label="Assistance needs"
                  description="Optional: e.g. walking frame, assistance animal, help with bags"
                  maxLength={MAX_ASSISTANCE_NEEDS_LENGTH}
                  key={form.key('assistanceNeeds')}
                  {...form.getInputProps('assistanceNeeds')}
                />
                <Textarea
                  label="Notes"
                  placeholder="e.g. flight number, child seat ages, where to meet"
                  rows={3}
                  key={form.key('notes')}
                  {...form.getInputProps('notes')}
                />
                <Button type="submit" size="md" fullWidth disabled={createBooking.isPending}>
                  {createBooking.isPending ? 'Sending...' : 'Request booking'}
                </Button>
                <Text size="xs" c="dimmed">
                  This is a request: dispatch confirms every booking by phone.
                </Text>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}
