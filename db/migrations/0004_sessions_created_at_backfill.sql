-- Custom SQL migration file, put your code below! --
-- Sessions that existed before created_at: their start is unknown, so count it from their
-- last extension (expiry minus the 30-day sliding lifetime), which never ends one early.
UPDATE `sessions` SET `created_at` = `expires_at` - 2592000000 WHERE `created_at` = 0;
