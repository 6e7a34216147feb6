-- The activity log is on for a new account; an account made before keeps the switch it has.
ALTER TABLE "users" ALTER COLUMN "activity_log_status" SET DEFAULT true;