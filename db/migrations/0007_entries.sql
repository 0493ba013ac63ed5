-- One word per idea: the table of entries is `entries`, and a vote names its `entry_id`. Renamed in
-- place, so the rows, the sqlite_sequence row and the references of votes and of the entry-count
-- triggers follow (SQLite rewrites them). SQLite cannot rename an index or a trigger: those that
-- said "projects" are made again under the new name, in the transaction of this migration.
ALTER TABLE `projects` RENAME TO `entries`;--> statement-breakpoint
ALTER TABLE `votes` RENAME COLUMN `project_id` TO `entry_id`;--> statement-breakpoint
DROP INDEX `projects_jam_scratch_unique`;--> statement-breakpoint
DROP INDEX `projects_jam_submitter_unique`;--> statement-breakpoint
DROP INDEX `projects_jam_submitted_idx`;--> statement-breakpoint
DROP INDEX `projects_submitter_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `entries_jam_scratch_unique` ON `entries` (`jam_id`,`scratch_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `entries_jam_submitter_unique` ON `entries` (`jam_id`,`submitter_id`);--> statement-breakpoint
CREATE INDEX `entries_jam_submitted_idx` ON `entries` (`jam_id`,`submitted_at`,`id`);--> statement-breakpoint
CREATE INDEX `entries_submitter_idx` ON `entries` (`submitter_id`);--> statement-breakpoint
DROP TRIGGER `projects_entry_count_insert`;--> statement-breakpoint
DROP TRIGGER `projects_entry_count_delete`;--> statement-breakpoint
DROP TRIGGER `projects_entry_count_move`;--> statement-breakpoint
CREATE TRIGGER `entries_entry_count_insert` AFTER INSERT ON `entries` BEGIN
	UPDATE `jams` SET `entry_count` = `entry_count` + 1 WHERE `id` = NEW.`jam_id`;
END;--> statement-breakpoint
CREATE TRIGGER `entries_entry_count_delete` AFTER DELETE ON `entries` BEGIN
	UPDATE `jams` SET `entry_count` = `entry_count` - 1 WHERE `id` = OLD.`jam_id`;
END;--> statement-breakpoint
CREATE TRIGGER `entries_entry_count_move` AFTER UPDATE OF `jam_id` ON `entries` WHEN OLD.`jam_id` IS NOT NEW.`jam_id` BEGIN
	UPDATE `jams` SET `entry_count` = `entry_count` - 1 WHERE `id` = OLD.`jam_id`;
	UPDATE `jams` SET `entry_count` = `entry_count` + 1 WHERE `id` = NEW.`jam_id`;
END;
