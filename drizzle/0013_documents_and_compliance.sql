CREATE TABLE "business_document_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"expires_on" date,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"shared_with" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_documents_category_check" CHECK ("business_documents"."category" in ('Policies', 'Forms', 'Reports', 'Training', 'Legal')),
	CONSTRAINT "business_documents_status_check" CHECK ("business_documents"."status" in ('active', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "compliance_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_suspensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "document_reminders" (
	"document_id" uuid NOT NULL,
	"threshold_days" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_reminders_pk" PRIMARY KEY("document_id","threshold_days")
);
--> statement-breakpoint
CREATE TABLE "fleet_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid,
	"vehicle_id" uuid,
	"type" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"issued_on" date,
	"expires_on" date,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_by" text,
	"verified_at" timestamp with time zone,
	"rejected_reason" text,
	"rejected_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "fleet_documents_one_subject_check" CHECK (("fleet_documents"."driver_id" is null) <> ("fleet_documents"."vehicle_id" is null))
);
--> statement-breakpoint
ALTER TABLE "business_document_versions" ADD CONSTRAINT "business_document_versions_document_id_business_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."business_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_document_versions" ADD CONSTRAINT "business_document_versions_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_documents" ADD CONSTRAINT "business_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_overrides" ADD CONSTRAINT "compliance_overrides_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_overrides" ADD CONSTRAINT "compliance_overrides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_suspensions" ADD CONSTRAINT "compliance_suspensions_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_documents" ADD CONSTRAINT "fleet_documents_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_documents" ADD CONSTRAINT "fleet_documents_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_documents" ADD CONSTRAINT "fleet_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_documents" ADD CONSTRAINT "fleet_documents_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_document_versions_document_version_idx" ON "business_document_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE INDEX "business_documents_category_idx" ON "business_documents" USING btree ("category");--> statement-breakpoint
CREATE INDEX "compliance_overrides_driver_idx" ON "compliance_overrides" USING btree ("driver_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_suspensions_open_idx" ON "compliance_suspensions" USING btree ("driver_id") WHERE "compliance_suspensions"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "fleet_documents_driver_idx" ON "fleet_documents" USING btree ("driver_id","type");--> statement-breakpoint
CREATE INDEX "fleet_documents_vehicle_idx" ON "fleet_documents" USING btree ("vehicle_id","type");--> statement-breakpoint
CREATE INDEX "fleet_documents_expires_on_idx" ON "fleet_documents" USING btree ("expires_on");