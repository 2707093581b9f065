CREATE TABLE `event_reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_reminders_user_event_idx` ON `event_reminders` (`channel_id`,`user_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `event_reminders_event_idx` ON `event_reminders` (`channel_id`,`event_id`);--> statement-breakpoint
CREATE TABLE `favorites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`favoritable_type` text NOT NULL,
	`favoritable_id` integer NOT NULL,
	`remind` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `favorites_user_item_idx` ON `favorites` (`channel_id`,`user_id`,`favoritable_type`,`favoritable_id`);--> statement-breakpoint
CREATE INDEX `favorites_item_idx` ON `favorites` (`channel_id`,`favoritable_type`,`favoritable_id`);--> statement-breakpoint
CREATE TABLE `reminder_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`source` text NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_deliveries_user_event_idx` ON `reminder_deliveries` (`channel_id`,`user_id`,`event_id`);