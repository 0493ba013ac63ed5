ALTER TABLE `jams` ADD `results` text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE `jams` ADD `results_published_at` integer;--> statement-breakpoint
ALTER TABLE `jams` ADD `hidden_entries` integer DEFAULT false NOT NULL;