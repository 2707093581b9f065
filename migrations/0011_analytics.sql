CREATE TABLE `analytics_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`kind` text NOT NULL,
	`name` text,
	`at` integer NOT NULL,
	`session_uuid` text NOT NULL,
	`user_id` integer,
	`video_view_uuid` text,
	`stream_type` text,
	`stream_id` integer,
	`value` real,
	`value2` real,
	`trk` text,
	`data` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `analytics_records_channel_at_idx` ON `analytics_records` (`channel_id`,`kind`,`at`);--> statement-breakpoint
CREATE TABLE `request_errors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`at` integer NOT NULL,
	`method` text NOT NULL,
	`path` text NOT NULL,
	`status` integer NOT NULL,
	`message` text NOT NULL,
	`fields` text DEFAULT '{}' NOT NULL,
	`user_id` integer,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `request_errors_channel_at_idx` ON `request_errors` (`channel_id`,`at`);--> statement-breakpoint
ALTER TABLE `users` ADD `role` text DEFAULT 'viewer' NOT NULL;