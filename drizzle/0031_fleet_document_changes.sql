-- An admin's change of a driver's or vehicle's document's number or dates is kept: who, when,
-- from and to, and whether it withdrew the verification (a verified document whose facts
-- change is verified no more: the verification vouched for the old ones). The card shows each
-- change; a new upload replaces the document, and its changes stay with the old record.
CREATE TABLE "fleet_document_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"field" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"verification_withdrawn" boolean DEFAULT false NOT NULL,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_document_changes_field_check" CHECK ("fleet_document_changes"."field" in ('number', 'issuedOn', 'expiresOn'))
);
--> statement-breakpoint
ALTER TABLE "fleet_document_changes" ADD CONSTRAINT "fleet_document_changes_document_id_fleet_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."fleet_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_document_changes" ADD CONSTRAINT "fleet_document_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fleet_document_changes_document_idx" ON "fleet_document_changes" USING btree ("document_id","changed_at");
