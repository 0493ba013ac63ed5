CREATE TABLE `jam_versions` (
	`entry_id` integer PRIMARY KEY NOT NULL,
	`jam_id` integer NOT NULL,
	`sha256` text NOT NULL,
	`size` integer NOT NULL,
	`uploaded_by` integer,
	`uploaded_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `jam_versions_jam_idx` ON `jam_versions` (`jam_id`);--> statement-breakpoint
CREATE INDEX `jam_versions_sha_idx` ON `jam_versions` (`sha256`);--> statement-breakpoint
CREATE TABLE `stored_files` (
	`key` text PRIMARY KEY NOT NULL,
	`bytes` blob NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `jams` ADD `jam_version` text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE `jams` ADD `judge_jam_version` integer DEFAULT false NOT NULL;