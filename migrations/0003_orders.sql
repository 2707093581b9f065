CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`product_id` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`activity_status` text DEFAULT 'inactive' NOT NULL,
	`event_category_id` integer,
	`participant_id` integer,
	`capabilities` text DEFAULT '[]' NOT NULL,
	`limits` text DEFAULT '{}' NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`channel_id`,`user_id`,`status`,`activity_status`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`channel_id`,`status`,`created_at`);