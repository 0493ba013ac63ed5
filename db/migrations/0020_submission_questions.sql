CREATE TABLE `late_submissions` (
	`jam_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`until` integer NOT NULL,
	`granted_by` integer,
	`granted_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`jam_id`, `user_id`),
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`granted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `late_submissions_user_idx` ON `late_submissions` (`user_id`);--> statement-breakpoint
ALTER TABLE `entries` ADD `answers` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `entries` ADD `late` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `jams` ADD `questions` text DEFAULT '[]' NOT NULL;