CREATE TABLE "mail_deliveries" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
