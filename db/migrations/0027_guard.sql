CREATE TABLE `guard_outcomes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`field` text NOT NULL,
	`rule` text NOT NULL,
	`outcome` text NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `guard_outcomes_at_idx` ON `guard_outcomes` (`at`);--> statement-breakpoint
ALTER TABLE `jams` ADD `body_by_admin` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `notes` ADD `held_at` integer;--> statement-breakpoint
ALTER TABLE `notes` ADD `held_rule` text;