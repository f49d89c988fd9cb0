CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_build_status" (
	"node" text PRIMARY KEY NOT NULL,
	"running" boolean DEFAULT false NOT NULL,
	"scope" text,
	"last_started_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_duration_ms" integer,
	"last_page_count" integer,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"queued" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_reset_at_idx" ON "rate_limit_counters" USING btree ("reset_at");