ALTER TABLE `mail_outbox` ADD `dedupe_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_dedupe_idx` ON `mail_outbox` (`channel_id`,`dedupe_key`);