ALTER TABLE `clips` ADD `key_play_tap_id` text;--> statement-breakpoint
ALTER TABLE `clips` ADD `not_before` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `clips_key_play_idx` ON `clips` (`channel_id`,`event_id`,`key_play_tap_id`);