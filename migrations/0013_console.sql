CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`actor_user_id` integer,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target` text NOT NULL,
	`before` text,
	`after` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_channel_idx` ON `audit_log` (`channel_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `channel_definitions` (
	`channel_id` integer PRIMARY KEY NOT NULL,
	`definition` text NOT NULL,
	`version` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `custom_hostnames` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`hostname` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_id` text NOT NULL,
	`verification_name` text NOT NULL,
	`verification_value` text NOT NULL,
	`detail` text,
	`created_at` integer NOT NULL,
	`checked_at` integer,
	`activated_at` integer,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_hostnames_hostname_unique` ON `custom_hostnames` (`hostname`);--> statement-breakpoint
CREATE INDEX `custom_hostnames_channel_idx` ON `custom_hostnames` (`channel_id`);--> statement-breakpoint
CREATE TABLE `live_inputs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`provider` text NOT NULL,
	`uid` text NOT NULL,
	`ingest_url` text NOT NULL,
	`stream_key` text NOT NULL,
	`srt_url` text,
	`status` text DEFAULT 'idle' NOT NULL,
	`media_key` text NOT NULL,
	`started_at` integer,
	`ended_at` integer,
	`segment_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `live_inputs_uid_unique` ON `live_inputs` (`uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `live_inputs_event_idx` ON `live_inputs` (`channel_id`,`event_id`);--> statement-breakpoint
CREATE TABLE `local_dns_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`value` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `local_dns_records_idx` ON `local_dns_records` (`name`,`type`,`value`);--> statement-breakpoint
CREATE TABLE `media_uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`provider` text NOT NULL,
	`uid` text NOT NULL,
	`status` text DEFAULT 'uploaded' NOT NULL,
	`source_key` text,
	`media_key` text NOT NULL,
	`title` text NOT NULL,
	`vod_key` text NOT NULL,
	`error` text,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_uploads_uid_unique` ON `media_uploads` (`uid`);--> statement-breakpoint
CREATE INDEX `media_uploads_channel_idx` ON `media_uploads` (`channel_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `events` ADD `published` integer DEFAULT true NOT NULL;