CREATE TABLE `clips` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`uuid` text NOT NULL,
	`event_id` integer,
	`vod_item_id` integer,
	`order_id` integer,
	`name` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`requested_start_ms` integer NOT NULL,
	`requested_duration_ms` integer NOT NULL,
	`start_ms` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`asset` text NOT NULL,
	`first_segment` integer NOT NULL,
	`last_segment` integer NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`failure_reason` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`file_key` text,
	`file_size` integer,
	`poster_key` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`ready_at` integer,
	`deleted_at` integer,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `clips_uuid_idx` ON `clips` (`uuid`);--> statement-breakpoint
CREATE INDEX `clips_user_idx` ON `clips` (`channel_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `clips_user_event_idx` ON `clips` (`channel_id`,`user_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `clips_order_idx` ON `clips` (`channel_id`,`order_id`,`status`);