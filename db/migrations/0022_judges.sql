CREATE TABLE `jam_judges` (
	`jam_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'invited' NOT NULL,
	`invited_by` integer,
	`invited_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`accepted_at` integer,
	PRIMARY KEY(`jam_id`, `user_id`),
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `jam_judges_user_idx` ON `jam_judges` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `judge_feedback` (
	`entry_id` integer NOT NULL,
	`judge_id` integer NOT NULL,
	`jam_id` integer NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`entry_id`, `judge_id`),
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`judge_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `judge_feedback_judge_idx` ON `judge_feedback` (`judge_id`,`jam_id`);--> statement-breakpoint
ALTER TABLE `jams` ADD `who_judges` text DEFAULT 'community' NOT NULL;