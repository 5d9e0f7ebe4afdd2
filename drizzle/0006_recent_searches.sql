CREATE TABLE "recent_searches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"query" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recent_searches" ADD CONSTRAINT "recent_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recent_searches_user_query_unique" ON "recent_searches" USING btree ("user_id","query");--> statement-breakpoint
CREATE INDEX "recent_searches_user_searched_at_idx" ON "recent_searches" USING btree ("user_id","searched_at");