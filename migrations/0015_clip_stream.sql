ALTER TABLE `clips` ADD `source_video_uid` text;--> statement-breakpoint
ALTER TABLE `clips` ADD `stream_uid` text;--> statement-breakpoint
CREATE INDEX `clips_stream_uid_idx` ON `clips` (`stream_uid`);