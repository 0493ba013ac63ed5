CREATE TABLE `blocked_words` (
	`word` text PRIMARY KEY NOT NULL,
	`added_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `kudos` (
	`entry_id` integer NOT NULL,
	`giver_id` integer NOT NULL,
	`sticker` text NOT NULL,
	`jam_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`entry_id`, `giver_id`, `sticker`),
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`giver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `kudos_giver_idx` ON `kudos` (`giver_id`);--> statement-breakpoint
CREATE TABLE `note_refusals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`rule` text NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `note_refusals_user_at_idx` ON `note_refusals` (`user_id`,`at`);--> statement-breakpoint
CREATE TABLE `notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entry_id` integer NOT NULL,
	`jam_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`hidden_at` integer,
	`hidden_by` integer,
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`hidden_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `notes_entry_idx` ON `notes` (`entry_id`,`id`);--> statement-breakpoint
CREATE INDEX `notes_author_idx` ON `notes` (`author_id`);--> statement-breakpoint
CREATE INDEX `notes_jam_idx` ON `notes` (`jam_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`group_key` text,
	`jam_id` integer,
	`entry_id` integer,
	`actor_id` integer,
	`data` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_user_key_unique` ON `notifications` (`user_id`,`key`);--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread_idx` ON `notifications` (`user_id`,`id`) WHERE "notifications"."read_at" is null;--> statement-breakpoint
DROP INDEX `reports_open_entry_unique`;--> statement-breakpoint
ALTER TABLE `reports` ADD `note_id` integer REFERENCES notes(id) ON DELETE CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX `reports_open_note_unique` ON `reports` (`reporter_id`,`note_id`) WHERE "reports"."status" = 'open' and "reports"."note_id" is not null;--> statement-breakpoint
CREATE INDEX `reports_note_idx` ON `reports` (`note_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `reports_open_entry_unique` ON `reports` (`reporter_id`,`entry_id`) WHERE "reports"."status" = 'open' and "reports"."entry_id" is not null and "reports"."note_id" is null;--> statement-breakpoint
ALTER TABLE `entries` ADD `kudos_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `jams` ADD `feedback` text DEFAULT 'notes' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `feed_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_feed_token_unique` ON `users` (`feed_token`);--> statement-breakpoint
-- entries.kudos_count is the number of kudos rows of the entry, kept exact by these triggers, so
-- cards show it from the entry's row, never count.
CREATE TRIGGER `kudos_count_insert` AFTER INSERT ON `kudos` BEGIN
	UPDATE `entries` SET `kudos_count` = `kudos_count` + 1 WHERE `id` = NEW.`entry_id`;
END;--> statement-breakpoint
CREATE TRIGGER `kudos_count_delete` AFTER DELETE ON `kudos` BEGIN
	UPDATE `entries` SET `kudos_count` = `kudos_count` - 1 WHERE `id` = OLD.`entry_id`;
END;
