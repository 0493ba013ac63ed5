-- jam_count holds one row: the number of jams, kept exact by these triggers (and by the
-- transaction of the insert or delete that fires them).
INSERT INTO `jam_count` (`id`, `n`) SELECT 1, count(*) FROM `jams`;--> statement-breakpoint
CREATE TRIGGER `jams_count_insert` AFTER INSERT ON `jams` BEGIN
	UPDATE `jam_count` SET `n` = `n` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `jams_count_delete` AFTER DELETE ON `jams` BEGIN
	UPDATE `jam_count` SET `n` = `n` - 1 WHERE `id` = 1;
END;
