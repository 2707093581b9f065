CREATE TABLE `payment_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`event_id` text NOT NULL,
	`type` text NOT NULL,
	`order_id` integer,
	`created_at` integer NOT NULL,
	`applied_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_events_event_idx` ON `payment_events` (`channel_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `payment_events_order_idx` ON `payment_events` (`channel_id`,`order_id`);
