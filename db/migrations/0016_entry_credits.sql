CREATE TABLE `entry_credits` (
	`entry_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`jam_id` integer NOT NULL,
	`status` text DEFAULT 'invited' NOT NULL,
	`invited_by` integer,
	`invited_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`accepted_at` integer,
	PRIMARY KEY(`entry_id`, `user_id`),
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `entry_credits_one_per_jam` ON `entry_credits` (`jam_id`,`user_id`) WHERE "entry_credits"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX `entry_credits_user_idx` ON `entry_credits` (`user_id`,`status`);--> statement-breakpoint
-- One entry per person per jam, as submitter or accepted co-creator, whatever the order of two
-- requests: a co-creator who submitted in the jam cannot accept, and a submitter who is credited on
-- another entry of the jam cannot submit. The messages name the rule for the services to map.
CREATE TRIGGER `entry_credits_accept_once_per_jam` BEFORE UPDATE OF `status` ON `entry_credits`
WHEN NEW.`status` = 'accepted' AND EXISTS (
	SELECT 1 FROM `entries` WHERE `jam_id` = NEW.`jam_id` AND `submitter_id` = NEW.`user_id`
) BEGIN
	SELECT RAISE(ABORT, 'one entry per person per jam');
END;--> statement-breakpoint
CREATE TRIGGER `entry_credits_insert_once_per_jam` BEFORE INSERT ON `entry_credits`
WHEN NEW.`status` = 'accepted' AND EXISTS (
	SELECT 1 FROM `entries` WHERE `jam_id` = NEW.`jam_id` AND `submitter_id` = NEW.`user_id`
) BEGIN
	SELECT RAISE(ABORT, 'one entry per person per jam');
END;--> statement-breakpoint
CREATE TRIGGER `entries_submit_once_per_jam` BEFORE INSERT ON `entries`
WHEN EXISTS (
	SELECT 1 FROM `entry_credits` WHERE `jam_id` = NEW.`jam_id` AND `user_id` = NEW.`submitter_id` AND `status` = 'accepted'
) BEGIN
	SELECT RAISE(ABORT, 'one entry per person per jam');
END;
