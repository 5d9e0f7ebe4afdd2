-- The car a job was driven in is on its record: each step of a job under way (En route,
-- Arrived, Passenger on board) now records the car of the driver's open shift
-- (changeBookingStatus, jobVehicleId). Before, the car was copied at assignment only, often
-- before the driver's shift, so a trip named no car or another one. Trips already driven get
-- the car of the driver's shift at their last step under way, where a shift covers that time;
-- a trip no shift covers keeps what it has. updated_at stays: nobody edited these bookings.
WITH last_step AS (
  SELECT DISTINCT ON (booking_id) booking_id, occurred_at
  FROM booking_events
  WHERE to_status IN ('en-route', 'arrived', 'on-board')
  ORDER BY booking_id, id DESC
)
UPDATE "bookings" AS b SET "vehicle_id" = s.vehicle_id
FROM last_step AS l, "driver_shifts" AS s
WHERE l.booking_id = b.id
  AND b.status IN ('en-route', 'arrived', 'on-board', 'completed', 'no-show')
  AND s.driver_id = b.driver_id
  AND s.vehicle_id IS NOT NULL
  AND s.started_at <= l.occurred_at
  AND (s.ended_at IS NULL OR s.ended_at > l.occurred_at)
  AND b.vehicle_id IS DISTINCT FROM s.vehicle_id;
