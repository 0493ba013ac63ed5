-- Entry search (issue 35 §3) through a trigram index: "contains" for three characters or more,
-- any case, without reading every entry's title and author. The index holds no text of its own
-- (content='entries'); these triggers keep it in step with the entries.
CREATE VIRTUAL TABLE `entries_search` USING fts5(`title`, `author_name`, content='entries', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `entries_search`(`entries_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `entries_search_insert` AFTER INSERT ON `entries` BEGIN
  INSERT INTO `entries_search`(`rowid`, `title`, `author_name`) VALUES (new.`id`, new.`title`, new.`author_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `entries_search_delete` AFTER DELETE ON `entries` BEGIN
  INSERT INTO `entries_search`(`entries_search`, `rowid`, `title`, `author_name`) VALUES ('delete', old.`id`, old.`title`, old.`author_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `entries_search_update` AFTER UPDATE OF `title`, `author_name` ON `entries` BEGIN
  INSERT INTO `entries_search`(`entries_search`, `rowid`, `title`, `author_name`) VALUES ('delete', old.`id`, old.`title`, old.`author_name`);
  INSERT INTO `entries_search`(`rowid`, `title`, `author_name`) VALUES (new.`id`, new.`title`, new.`author_name`);
END;
