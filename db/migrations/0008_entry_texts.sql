ALTER TABLE `entries` ADD `instructions` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `entries` ADD `notes` text DEFAULT '' NOT NULL;