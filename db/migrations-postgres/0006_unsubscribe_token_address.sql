ALTER TABLE "newsletter_unsubscribe_tokens" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "newsletter_unsubscribe_tokens" ADD COLUMN "unsubscribed_at" timestamp with time zone;