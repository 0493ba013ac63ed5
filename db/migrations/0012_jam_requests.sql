-- Jam requests (issue 17 part 3): a logged-in user asks the administrators for a jam; approving
-- creates it with the requester as its manager. The partial unique index keeps one pending request
-- per user, also when two are sent at once. /jams/request is now a page of its own, so a jam that
-- had that slug moves to one it cannot collide with (its id keeps it unique).
CREATE TABLE `jam_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`requester_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`image_url` text,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`mystery` integer DEFAULT false NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decline_reason` text,
	`jam_id` integer,
	`reviewed_by` integer,
	`reviewed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_by` integer,
	FOREIGN KEY (`requester_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "jam_requests_status_check" CHECK("jam_requests"."status" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jam_requests_one_pending_per_user` ON `jam_requests` (`requester_id`) WHERE "jam_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `jam_requests_status_idx` ON `jam_requests` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `jam_requests_requester_idx` ON `jam_requests` (`requester_id`,`id`);--> statement-breakpoint
UPDATE `jams` SET `slug` = 'request-' || `id` WHERE `slug` = 'request';