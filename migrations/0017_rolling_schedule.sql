ALTER TABLE `channels` ADD `schedule_anchor` integer;--> statement-breakpoint
ALTER TABLE `channels` ADD `rolled_at` integer;--> statement-breakpoint
ALTER TABLE `channels` ADD `next_roll_at` integer;--> statement-breakpoint
CREATE INDEX `channels_next_roll_idx` ON `channels` (`next_roll_at`);--> statement-breakpoint
ALTER TABLE `events` ADD `start_rule` text;--> statement-breakpoint
ALTER TABLE `vod_media_items` ADD `date_rule` text;