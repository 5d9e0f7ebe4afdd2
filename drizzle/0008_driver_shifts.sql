CREATE TABLE "driver_shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"vehicle_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"odometer" integer,
	CONSTRAINT "driver_shifts_odometer_check" CHECK ("driver_shifts"."odometer" is null or "driver_shifts"."odometer" >= 0)
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "location_accuracy" double precision;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "location_heading" double precision;--> statement-breakpoint
ALTER TABLE "booking_events" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_shifts" ADD CONSTRAINT "driver_shifts_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_shifts" ADD CONSTRAINT "driver_shifts_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_shifts_driver_id_idx" ON "driver_shifts" USING btree ("driver_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "driver_shifts_open_unique" ON "driver_shifts" USING btree ("driver_id") WHERE "driver_shifts"."ended_at" is null;