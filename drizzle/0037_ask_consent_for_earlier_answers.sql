-- Patients who answered the health questions before consents were asked (decision 017) hold answers with no
-- standing consent to collect them. Each is asked once, in the app, to give the consent or delete the answers.
INSERT INTO "notifications" ("user_id", "type", "title", "body", "link", "event_key")
SELECT "p"."user_id",
  'health_consent',
  'Your health answers need your consent',
  'You answered the health questions before we asked for consent. In Account Settings, keep your answers by giving consent, or delete them.',
  '/profile#health-consent-title',
  'health-consent:answers-before-consent'
FROM "patient_profiles" "p"
WHERE NOT EXISTS (
  SELECT 1 FROM "health_data_consents" "c"
  WHERE "c"."user_id" = "p"."user_id" AND "c"."kind" = 'collect' AND "c"."withdrawn_at" IS NULL
)
ON CONFLICT ("user_id", "event_key") DO NOTHING;
