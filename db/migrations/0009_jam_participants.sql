CREATE TABLE `jam_participants` (
	`jam_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`joined_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`jam_id`, `user_id`),
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `jam_participants_user_idx` ON `jam_participants` (`user_id`,`joined_at`);--> statement-breakpoint
ALTER TABLE `jams` ADD `participant_count` integer DEFAULT 0 NOT NULL;