CREATE TABLE `jam_count` (
	`id` integer PRIMARY KEY NOT NULL,
	`n` integer NOT NULL
);
