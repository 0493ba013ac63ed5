CREATE TABLE `plays` (
	`entry_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`jam_id` integer NOT NULL,
	`played_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`entry_id`, `player_id`),
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `plays_jam_player_idx` ON `plays` (`jam_id`,`player_id`);--> statement-breakpoint
ALTER TABLE `entries` ADD `project_created_at` integer;--> statement-breakpoint
ALTER TABLE `entries` ADD `project_modified_at` integer;--> statement-breakpoint
ALTER TABLE `entries` ADD `project_shared_at` integer;--> statement-breakpoint
ALTER TABLE `entries` ADD `remix_parent_id` integer;--> statement-breakpoint
ALTER TABLE `entries` ADD `remix_root_id` integer;--> statement-breakpoint
ALTER TABLE `entries` ADD `remix_parent_title` text;--> statement-breakpoint
ALTER TABLE `entries` ADD `history_checked_at` integer;--> statement-breakpoint
ALTER TABLE `entries` ADD `review` text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE `entries` ADD `reviewed_by` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `entries` ADD `reviewed_at` integer;--> statement-breakpoint
ALTER TABLE `entries` ADD `play_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `entries_jam_plays_idx` ON `entries` (`jam_id`,`play_count`,`submitted_at`,`id`);--> statement-breakpoint
ALTER TABLE `jams` ADD `voting_ends_at` integer;--> statement-breakpoint
ALTER TABLE `jams` ADD `who_can_vote` text DEFAULT 'anyone' NOT NULL;--> statement-breakpoint
ALTER TABLE `jams` ADD `refuse_old_projects` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `jams` ADD `play_before_vote` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `jams` ADD `entries_checked_at` integer;--> statement-breakpoint
-- entries.play_count is the number of plays rows of the entry, kept exact by these triggers, so the
-- "fewest plays" sort and "Play next" read it from the entry's row (and its index), never count.
CREATE TRIGGER `plays_count_insert` AFTER INSERT ON `plays` BEGIN
	UPDATE `entries` SET `play_count` = `play_count` + 1 WHERE `id` = NEW.`entry_id`;
END;--> statement-breakpoint
CREATE TRIGGER `plays_count_delete` AFTER DELETE ON `plays` BEGIN
	UPDATE `entries` SET `play_count` = `play_count` - 1 WHERE `id` = OLD.`entry_id`;
END;
