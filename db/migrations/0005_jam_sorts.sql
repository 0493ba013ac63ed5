DROP INDEX `jams_ends_at_idx`;--> statement-breakpoint
ALTER TABLE `jams` ADD `entry_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- entry_count is kept exact by the triggers below (in the transaction of the write that fires them).
UPDATE `jams` SET `entry_count` = (SELECT count(*) FROM `projects` WHERE `projects`.`jam_id` = `jams`.`id`);--> statement-breakpoint
CREATE INDEX `jams_name_list_idx` ON `jams` ("name" collate nocase,`id`,`featured`,`starts_at`,`ends_at`);--> statement-breakpoint
CREATE INDEX `jams_featured_name_list_idx` ON `jams` (`featured`,"name" collate nocase,`id`,`starts_at`,`ends_at`);--> statement-breakpoint
CREATE INDEX `jams_entry_count_list_idx` ON `jams` (`entry_count`,`starts_at`,`id`,`featured`,`ends_at`);--> statement-breakpoint
CREATE INDEX `jams_featured_entry_count_list_idx` ON `jams` (`featured`,`entry_count`,`starts_at`,`id`,`ends_at`);--> statement-breakpoint
CREATE INDEX `jams_featured_ends_at_idx` ON `jams` (`featured`,`ends_at`,`id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `jams_ends_at_idx` ON `jams` (`ends_at`,`id`,`featured`,`starts_at`);--> statement-breakpoint
CREATE TRIGGER `projects_entry_count_insert` AFTER INSERT ON `projects` BEGIN
	UPDATE `jams` SET `entry_count` = `entry_count` + 1 WHERE `id` = NEW.`jam_id`;
END;--> statement-breakpoint
CREATE TRIGGER `projects_entry_count_delete` AFTER DELETE ON `projects` BEGIN
	UPDATE `jams` SET `entry_count` = `entry_count` - 1 WHERE `id` = OLD.`jam_id`;
END;--> statement-breakpoint
CREATE TRIGGER `projects_entry_count_move` AFTER UPDATE OF `jam_id` ON `projects` WHEN OLD.`jam_id` IS NOT NEW.`jam_id` BEGIN
	UPDATE `jams` SET `entry_count` = `entry_count` - 1 WHERE `id` = OLD.`jam_id`;
	UPDATE `jams` SET `entry_count` = `entry_count` + 1 WHERE `id` = NEW.`jam_id`;
END;
