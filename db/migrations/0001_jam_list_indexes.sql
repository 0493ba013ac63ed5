DROP INDEX `jams_starts_at_idx`;--> statement-breakpoint
DROP INDEX `jams_featured_starts_at_idx`;--> statement-breakpoint
CREATE INDEX `jams_list_idx` ON `jams` (`starts_at`,`id`,`ends_at`);--> statement-breakpoint
CREATE INDEX `jams_featured_list_idx` ON `jams` (`featured`,`starts_at`,`id`,`ends_at`);