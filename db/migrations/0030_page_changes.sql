CREATE TABLE `page_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`change` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `page_changes_created_at_idx` ON `page_changes` (`created_at`);