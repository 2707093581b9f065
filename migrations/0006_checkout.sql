CREATE TABLE `checkout_requests` (
	`channel_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`result` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`channel_id`, `user_id`, `key`),
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `payment_customers` (
	`channel_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`provider` text NOT NULL,
	`customer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`channel_id`, `user_id`, `provider`),
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
