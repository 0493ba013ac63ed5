CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`actor_id` integer,
	`actor_name` text,
	`action` text NOT NULL,
	`jam_id` integer,
	`target_user_id` integer,
	`details` text,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`target_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_jam_idx` ON `audit_log` (`jam_id`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`);--> statement-breakpoint
CREATE INDEX `audit_log_target_user_idx` ON `audit_log` (`target_user_id`);--> statement-breakpoint
CREATE TABLE `jam_managers` (
	`jam_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`added_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`added_by` integer,
	PRIMARY KEY(`jam_id`, `user_id`),
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `jam_managers_user_idx` ON `jam_managers` (`user_id`);--> statement-breakpoint
CREATE TABLE `jam_slug_redirects` (
	`slug` text PRIMARY KEY NOT NULL,
	`jam_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `jam_slug_redirects_jam_idx` ON `jam_slug_redirects` (`jam_id`);--> statement-breakpoint
CREATE TABLE `jams` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`image_url` text,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`featured` integer DEFAULT false NOT NULL,
	`mystery` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_by` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_by` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jams_slug_unique` ON `jams` (`slug`);--> statement-breakpoint
CREATE INDEX `jams_starts_at_idx` ON `jams` (`starts_at`,`id`);--> statement-breakpoint
CREATE INDEX `jams_ends_at_idx` ON `jams` (`ends_at`);--> statement-breakpoint
CREATE INDEX `jams_featured_starts_at_idx` ON `jams` (`featured`,`starts_at`);--> statement-breakpoint
CREATE TABLE `login_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `login_tokens_user_idx` ON `login_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `login_tokens_expires_idx` ON `login_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`jam_id` integer NOT NULL,
	`scratch_id` integer NOT NULL,
	`submitter_id` integer NOT NULL,
	`title` text NOT NULL,
	`thumbnail_url` text,
	`author_name` text NOT NULL,
	`is_winner` integer DEFAULT false NOT NULL,
	`submitted_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submitter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `projects_jam_scratch_unique` ON `projects` (`jam_id`,`scratch_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `projects_jam_submitter_unique` ON `projects` (`jam_id`,`submitter_id`);--> statement-breakpoint
CREATE INDEX `projects_jam_submitted_idx` ON `projects` (`jam_id`,`submitted_at`,`id`);--> statement-breakpoint
CREATE INDEX `projects_submitter_idx` ON `projects` (`submitter_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `used_auth_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`used_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `used_auth_codes_used_at_idx` ON `used_auth_codes` (`used_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`is_banned` integer DEFAULT false NOT NULL,
	`avatar_url` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_by` integer,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_name_lower_unique` ON `users` (lower("name"));--> statement-breakpoint
CREATE INDEX `users_updated_at_idx` ON `users` (`updated_at`);--> statement-breakpoint
CREATE TABLE `votes` (
	`project_id` integer NOT NULL,
	`voter_id` integer NOT NULL,
	`jam_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`project_id`, `voter_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`voter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`jam_id`) REFERENCES `jams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `votes_jam_voter_idx` ON `votes` (`jam_id`,`voter_id`);--> statement-breakpoint
CREATE INDEX `votes_voter_idx` ON `votes` (`voter_id`);