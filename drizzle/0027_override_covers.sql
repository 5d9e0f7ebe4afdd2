-- An override covers the expired papers it was granted for, not papers that expire later
-- (decision 153): their keys ('driver:licence', 'vehicle:<id>:registration'), and when the
-- compliance pass ended it because nothing it covers has expired any more. Overrides granted
-- before this migration keep covers null: the next pass (one runs at every start) records the
-- expired papers they cover then.
ALTER TABLE "compliance_overrides" ADD COLUMN "covers" text[];--> statement-breakpoint
ALTER TABLE "compliance_overrides" ADD COLUMN "ended_at" timestamp with time zone;
