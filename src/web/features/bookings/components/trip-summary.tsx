import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { SummaryTable, SummaryTableRow } from '../../../components/summary-table';
import { formatKm, formatMinutes } from '../../../../domain/format/distance';
import { seatsRefusal } from '../../../../domain/vehicles/capacity';
import {
  describeLuggage,
  describePassengers,
  tickedOptionLabels,
  type TripOptions,
} from '../../fares/utils/trip-options';
import type { TripPlace, TripRoute } from '../../fares/utils/trip-params';

export type TripSummaryProps = {
  pickup: TripPlace;
  dropoff: TripPlace;
  stops: TripPlace[];
  options: TripOptions;
  route: TripRoute | null;
  /** The fare line: a formatted amount, a loader or a message. */
  fare?: ReactNode;
  /** The id of the vehicle's refusal, for what it disables to point at. */
  vehicleRefusalId?: string;
  /** Extra rows at the top (the confirmation's pickup time). */
  children?: ReactNode;
};

export function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <SummaryTableRow
      label={label}
      labelProps={{ fw: 500, c: 'dimmed', w: '34%', style: { verticalAlign: 'top' } }}
    >
      {children}
    </SummaryTableRow>
  );
}

/** The trip being booked: places in order, vehicle, passengers, luggage, options, fare. */
export function TripSummary({
  pickup,
  dropoff,
  stops,
  options,
  route,
  fare,
  vehicleRefusalId,
  children,
}: TripSummaryProps) {
  const extras = [...(options.childSeats ? ['Child Seats'] : []), ...tickedOptionLabels(options)];
  // A Book Now link may carry a vehicle too small for its passengers; the
  // server refuses it (decision 91), so say so here before the visitor fills in the form.
  const vehicleRefusal = seatsRefusal(options.passengers, options.vehicleType);
  return (
    <SummaryTable label="Trip summary" rowSpacing={6}>
      {children}
      <SummaryRow label="Pickup">{pickup.address}</SummaryRow>
      {stops.map((stop, index) => (
        <SummaryRow key={`${index}-${stop.address}`} label={`Stop ${index + 1}`}>
          {stop.address}
        </SummaryRow>
      ))}
      <SummaryRow label="Dropoff">{dropoff.address}</SummaryRow>
      {route ? (
        <SummaryRow label="Route">
          {formatKm(route.distanceMeters)}, {formatMinutes(route.durationSeconds / 60)}
        </SummaryRow>
      ) : null}
      <SummaryRow label="Vehicle">
        {options.vehicleType}
        {vehicleRefusal ? (
          <Text c="red" size="sm" id={vehicleRefusalId}>
            {vehicleRefusal}
          </Text>
        ) : null}
      </SummaryRow>
      <SummaryRow label="Passengers">{describePassengers(options.passengers)}</SummaryRow>
      <SummaryRow label="Luggage">{describeLuggage(options)}</SummaryRow>
      <SummaryRow label="Options">
        {extras.length > 0 ? (
          extras.join(', ')
        ) : (
          <Text span c="dimmed" size="sm">
            None
          </Text>
        )}
      </SummaryRow>
      {fare !== undefined ? <SummaryRow label="Quoted fare">{fare}</SummaryRow> : null}
    </SummaryTable>
  );
}
