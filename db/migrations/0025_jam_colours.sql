ALTER TABLE `jams` ADD `accent_color` text;--> statement-breakpoint
ALTER TABLE `jams` ADD `banner_url` text;