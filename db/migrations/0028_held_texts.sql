CREATE TABLE `held_texts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`jam_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`field` text NOT NULL,
	`target` text NOT NULL,
	`target_id` integer,
	`path` text DEFAULT '' NOT NULL,
	`text` text NOT NULL,
	`rule` text NOT NULL,
	`held_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `held_texts_jam_idx` ON `held_texts` (`jam_id`,`held_at`);--> statement-breakpoint
CREATE INDEX `held_texts_author_idx` ON `held_texts` (`author_id`,`jam_id`);