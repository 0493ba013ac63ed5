CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reporter_id` integer NOT NULL,
	`jam_id` integer NOT NULL,
	`entry_id` integer,
	`reason` text NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`resolver_id` integer,
	`resolution` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_open_entry_unique` ON `reports` (`reporter_id`,`entry_id`) WHERE "reports"."status" = 'open' and "reports"."entry_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `reports_open_jam_unique` ON `reports` (`reporter_id`,`jam_id`) WHERE "reports"."status" = 'open' and "reports"."entry_id" is null;--> statement-breakpoint
CREATE INDEX `reports_status_item_idx` ON `reports` (`status`,`jam_id`,`entry_id`);--> statement-breakpoint
CREATE INDEX `reports_entry_idx` ON `reports` (`entry_id`);--> statement-breakpoint
CREATE INDEX `reports_reporter_idx` ON `reports` (`reporter_id`);