CREATE TABLE `theme_answers` (
	`suggestion_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`jam_id` integer NOT NULL,
	`answer` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`suggestion_id`, `user_id`),
	FOREIGN KEY (`suggestion_id`) REFERENCES `theme_suggestions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `theme_answers_jam_user_idx` ON `theme_answers` (`jam_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `theme_answers_suggestion_answer_idx` ON `theme_answers` (`suggestion_id`,`answer`);--> statement-breakpoint
CREATE TABLE `theme_final_votes` (
	`jam_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`suggestion_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`jam_id`, `user_id`),
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`suggestion_id`) REFERENCES `theme_suggestions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `theme_final_votes_suggestion_idx` ON `theme_final_votes` (`suggestion_id`);--> statement-breakpoint
CREATE TABLE `theme_suggesters` (
	`suggestion_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`jam_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`suggestion_id`, `user_id`),
	FOREIGN KEY (`suggestion_id`) REFERENCES `theme_suggestions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `theme_suggesters_jam_user_idx` ON `theme_suggesters` (`jam_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `theme_suggestions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`jam_id` integer NOT NULL,
	`key` text NOT NULL,
	`text` text NOT NULL,
	`suggested_by` integer,
	`yes` integer DEFAULT 0 NOT NULL,
	`no` integer DEFAULT 0 NOT NULL,
	`looks` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`suggested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `theme_suggestions_jam_key_unique` ON `theme_suggestions` (`jam_id`,`key`);--> statement-breakpoint
CREATE INDEX `theme_suggestions_jam_looks_idx` ON `theme_suggestions` (`jam_id`,`looks`,`id`);--> statement-breakpoint
ALTER TABLE `jams` ADD `theme_rounds` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `jams` ADD `theme_suggest_from` integer;--> statement-breakpoint
ALTER TABLE `jams` ADD `theme_round1_from` integer;--> statement-breakpoint
ALTER TABLE `jams` ADD `theme_final_from` integer;--> statement-breakpoint
ALTER TABLE `jams` ADD `theme_closes_at` integer;--> statement-breakpoint
ALTER TABLE `jams` ADD `theme_finalists` integer DEFAULT 16 NOT NULL;--> statement-breakpoint
ALTER TABLE `jams` ADD `theme_leader` text;--> statement-breakpoint
-- Hand-written (ADR 043): round 1's counts on the suggestion, kept by its answers.
CREATE TRIGGER `theme_answers_count_insert` AFTER INSERT ON `theme_answers` BEGIN
	UPDATE `theme_suggestions` SET `looks` = `looks` + 1, `yes` = `yes` + (NEW.`answer` = 'yes'), `no` = `no` + (NEW.`answer` = 'no') WHERE `id` = NEW.`suggestion_id`;
END;--> statement-breakpoint
CREATE TRIGGER `theme_answers_count_update` AFTER UPDATE OF `answer` ON `theme_answers` BEGIN
	UPDATE `theme_suggestions` SET `yes` = `yes` + (NEW.`answer` = 'yes') - (OLD.`answer` = 'yes'), `no` = `no` + (NEW.`answer` = 'no') - (OLD.`answer` = 'no') WHERE `id` = NEW.`suggestion_id`;
END;--> statement-breakpoint
CREATE TRIGGER `theme_answers_count_delete` AFTER DELETE ON `theme_answers` BEGIN
	UPDATE `theme_suggestions` SET `looks` = `looks` - 1, `yes` = `yes` - (OLD.`answer` = 'yes'), `no` = `no` - (OLD.`answer` = 'no') WHERE `id` = OLD.`suggestion_id`;
END;
