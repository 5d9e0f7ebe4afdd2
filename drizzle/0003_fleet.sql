CREATE TABLE "driver_vehicles" (
	"driver_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	CONSTRAINT "driver_vehicles_pk" PRIMARY KEY("driver_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "booking_ratings" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"driver_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"rated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_ratings_rating_check" CHECK ("booking_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "driver_leaves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"reason" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_leaves_range_check" CHECK ("driver_leaves"."ends_on" >= "driver_leaves"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "vehicles" DROP CONSTRAINT "vehicles_status_check";--> statement-breakpoint
ALTER TABLE "drivers" ALTER COLUMN "rating" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "drivers" ALTER COLUMN "rating" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "is_electric" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "is_wheelchair_accessible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "licence_number" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "drives_any_vehicle" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driver_vehicles" ADD CONSTRAINT "driver_vehicles_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_vehicles" ADD CONSTRAINT "driver_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_ratings" ADD CONSTRAINT "booking_ratings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_ratings" ADD CONSTRAINT "booking_ratings_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_ratings" ADD CONSTRAINT "booking_ratings_rated_by_users_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_leaves" ADD CONSTRAINT "driver_leaves_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_leaves" ADD CONSTRAINT "driver_leaves_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_vehicles_vehicle_id_idx" ON "driver_vehicles" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "booking_ratings_driver_id_idx" ON "booking_ratings" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "driver_leaves_driver_id_idx" ON "driver_leaves" USING btree ("driver_id","starts_on");--> statement-breakpoint
UPDATE "vehicles" SET "status" = CASE "status" WHEN 'maintenance' THEN 'in-service' WHEN 'retired' THEN 'inactive' ELSE "status" END;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_status_check" CHECK ("vehicles"."status" in ('active', 'in-service', 'inactive'));