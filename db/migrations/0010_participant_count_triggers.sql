-- jams.participant_count is the number of jam_participants rows of the jam, kept exact by these
-- triggers (and by the transaction of the insert or delete that fires them), so "128 joined" is
-- read from the jam's row, never counted. Everyone who already submitted has joined.
INSERT OR IGNORE INTO `jam_participants` (`jam_id`, `user_id`, `joined_at`) SELECT `jam_id`, `submitter_id`, `submitted_at` FROM `entries`;--> statement-breakpoint
UPDATE `jams` SET `participant_count` = (SELECT count(*) FROM `jam_participants` WHERE `jam_participants`.`jam_id` = `jams`.`id`);--> statement-breakpoint
CREATE TRIGGER `jam_participants_count_insert` AFTER INSERT ON `jam_participants` BEGIN
	UPDATE `jams` SET `participant_count` = `participant_count` + 1 WHERE `id` = NEW.`jam_id`;
END;--> statement-breakpoint
CREATE TRIGGER `jam_participants_count_delete` AFTER DELETE ON `jam_participants` BEGIN
	UPDATE `jams` SET `participant_count` = `participant_count` - 1 WHERE `id` = OLD.`jam_id`;
END;
