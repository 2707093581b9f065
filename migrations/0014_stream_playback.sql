ALTER TABLE `live_inputs` ADD `recording_uid` text;--> statement-breakpoint
CREATE INDEX `media_uploads_media_idx` ON `media_uploads` (`channel_id`,`media_key`);