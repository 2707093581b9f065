CREATE TABLE `device_authorizations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`device_code_hash` text NOT NULL,
	`user_code` text NOT NULL,
	`device_name` text NOT NULL,
	`user_agent` text,
	`ip` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`user_id` integer,
	`interval_s` integer NOT NULL,
	`last_polled_at` integer,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `device_authorizations_device_code_hash_unique` ON `device_authorizations` (`device_code_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `device_authorizations_user_code_idx` ON `device_authorizations` (`channel_id`,`user_code`);--> statement-breakpoint
CREATE INDEX `device_authorizations_expiry_idx` ON `device_authorizations` (`expires_at`);