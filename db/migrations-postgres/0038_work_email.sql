ALTER TABLE "email_verification_tokens" ADD COLUMN "purpose" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "work_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "work_domain" text;