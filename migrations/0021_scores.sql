CREATE TABLE `score_taps` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`tap_id` text NOT NULL,
	`user_id` integer,
	`at` integer NOT NULL,
	`action` text NOT NULL,
	`received_at` integer NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `score_taps_tap_idx` ON `score_taps` (`event_id`,`tap_id`);--> statement-breakpoint
CREATE INDEX `score_taps_event_idx` ON `score_taps` (`channel_id`,`event_id`,`at`);--> statement-breakpoint
CREATE TABLE `scorekeepers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`event_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scorekeepers_grant_idx` ON `scorekeepers` (`channel_id`,`user_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `scorekeepers_event_idx` ON `scorekeepers` (`channel_id`,`event_id`);