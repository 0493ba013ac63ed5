CREATE TABLE `ratings` (
	`entry_id` integer NOT NULL,
	`rater_id` integer NOT NULL,
	`criterion_id` integer NOT NULL,
	`jam_id` integer NOT NULL,
	`stars` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`entry_id`, `rater_id`, `criterion_id`),
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rater_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ratings_stars_check" CHECK("ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE INDEX `ratings_jam_rater_idx` ON `ratings` (`jam_id`,`rater_id`);--> statement-breakpoint
CREATE INDEX `ratings_jam_criterion_idx` ON `ratings` (`jam_id`,`criterion_id`,`entry_id`,`stars`);--> statement-breakpoint
CREATE INDEX `ratings_entry_criterion_idx` ON `ratings` (`entry_id`,`criterion_id`,`stars`);--> statement-breakpoint
CREATE INDEX `ratings_rater_idx` ON `ratings` (`rater_id`);--> statement-breakpoint
ALTER TABLE `jams` ADD `judging` text DEFAULT 'upvotes' NOT NULL;--> statement-breakpoint
ALTER TABLE `jams` ADD `criteria` text DEFAULT '[{"id":1,"name":"Overall"},{"id":2,"name":"Fun"},{"id":3,"name":"Art"},{"id":4,"name":"Sound"},{"id":5,"name":"Theme"}]' NOT NULL;--> statement-breakpoint
ALTER TABLE `jams` ADD `min_ratings` integer DEFAULT 3 NOT NULL;