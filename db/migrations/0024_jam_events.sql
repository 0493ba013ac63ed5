CREATE TABLE `jam_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`jam_id` integer NOT NULL,
	`kind` text NOT NULL,
	`key` text,
	`user_id` integer,
	`data` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `jam_events_jam_id_idx` ON `jam_events` (`jam_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `jam_events_jam_key_idx` ON `jam_events` (`jam_id`,`key`);--> statement-breakpoint
CREATE INDEX `jam_events_created_at_idx` ON `jam_events` (`created_at`);