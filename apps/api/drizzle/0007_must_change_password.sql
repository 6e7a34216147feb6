-- The admin generated at start-up (its password printed on the console) must choose a new password
-- before anything else; a password change or reset clears the mark. Existing accounts are not marked.
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;