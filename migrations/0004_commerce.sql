CREATE TABLE `coupons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`code` text NOT NULL,
	`percent_off` integer,
	`amount_off` integer,
	`currency` text,
	`duration` text DEFAULT 'once' NOT NULL,
	`duration_months` integer,
	`valid_from` integer,
	`valid_until` integer,
	`max_redemptions` integer,
	`times_redeemed` integer DEFAULT 0 NOT NULL,
	`product_ids` text DEFAULT '[]' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code_idx` ON `coupons` (`channel_id`,`code`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`price` integer NOT NULL,
	`base_price` integer NOT NULL,
	`service_fee` integer DEFAULT 0 NOT NULL,
	`currency` text NOT NULL,
	`image` text,
	`weight` integer DEFAULT 0 NOT NULL,
	`package_type` text,
	`period` text,
	`trial_days` integer DEFAULT 0 NOT NULL,
	`pass_type` text DEFAULT 'regular' NOT NULL,
	`addon_of` integer,
	`is_team_pass` integer DEFAULT false NOT NULL,
	`event_category_ids` text DEFAULT '[]' NOT NULL,
	`participant_ids` text DEFAULT '[]' NOT NULL,
	`max_choices` integer,
	`event_id` integer,
	`capabilities` text DEFAULT '[]' NOT NULL,
	`limits` text DEFAULT '{}' NOT NULL,
	`simultaneous_logins` integer,
	`bundle_item_ids` text DEFAULT '[]' NOT NULL,
	`stripe_price_id` text,
	`active` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_key_idx` ON `products` (`channel_id`,`key`);--> statement-breakpoint
CREATE INDEX `products_list_idx` ON `products` (`channel_id`,`kind`,`active`,`weight`);--> statement-breakpoint
CREATE INDEX `products_event_idx` ON `products` (`channel_id`,`event_id`);--> statement-breakpoint
CREATE TABLE `transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'created' NOT NULL,
	`kind` text DEFAULT 'charge' NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`provider_ref` text,
	`failure_message` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `transactions_user_idx` ON `transactions` (`channel_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `transactions_order_idx` ON `transactions` (`channel_id`,`order_id`);--> statement-breakpoint
CREATE INDEX `transactions_provider_idx` ON `transactions` (`channel_id`,`provider_ref`);--> statement-breakpoint
CREATE TABLE `sandbox_coupons` (
	`id` text PRIMARY KEY NOT NULL,
	`channel_id` integer NOT NULL,
	`code` text NOT NULL,
	`percent_off` integer,
	`amount_off` integer,
	`currency` text,
	`duration` text NOT NULL,
	`duration_in_months` integer,
	`active` integer DEFAULT true NOT NULL,
	`expires_at` integer,
	`max_redemptions` integer,
	`times_redeemed` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_coupons_code_idx` ON `sandbox_coupons` (`channel_id`,`code`);--> statement-breakpoint
CREATE TABLE `sandbox_customers` (
	`id` text PRIMARY KEY NOT NULL,
	`channel_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`default_payment_method_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_customers_user_idx` ON `sandbox_customers` (`channel_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `sandbox_idempotency` (
	`channel_id` integer NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`response` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`channel_id`, `key`),
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sandbox_payment_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`channel_id` integer NOT NULL,
	`customer_id` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`payment_method_id` text,
	`client_secret` text NOT NULL,
	`decline_code` text,
	`decline_message` text,
	`amount_refunded` integer DEFAULT 0 NOT NULL,
	`save_card` integer DEFAULT false NOT NULL,
	`subscription_id` text,
	`metadata` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sandbox_payment_intents_customer_idx` ON `sandbox_payment_intents` (`channel_id`,`customer_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `sandbox_payment_methods` (
	`id` text PRIMARY KEY NOT NULL,
	`channel_id` integer NOT NULL,
	`customer_id` text,
	`token` text,
	`brand` text NOT NULL,
	`last4` text NOT NULL,
	`exp_month` integer NOT NULL,
	`exp_year` integer NOT NULL,
	`behaviour` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sandbox_payment_methods_customer_idx` ON `sandbox_payment_methods` (`channel_id`,`customer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_payment_methods_token_idx` ON `sandbox_payment_methods` (`channel_id`,`token`);--> statement-breakpoint
CREATE TABLE `sandbox_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`channel_id` integer NOT NULL,
	`payment_intent_id` text NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sandbox_refunds_intent_idx` ON `sandbox_refunds` (`channel_id`,`payment_intent_id`);--> statement-breakpoint
CREATE TABLE `sandbox_setup_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`channel_id` integer NOT NULL,
	`customer_id` text NOT NULL,
	`client_secret` text NOT NULL,
	`status` text NOT NULL,
	`payment_method_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sandbox_setup_intents_customer_idx` ON `sandbox_setup_intents` (`channel_id`,`customer_id`);--> statement-breakpoint
CREATE TABLE `sandbox_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`channel_id` integer NOT NULL,
	`customer_id` text NOT NULL,
	`payment_method_id` text NOT NULL,
	`product_key` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`period` text NOT NULL,
	`status` text NOT NULL,
	`trial_end` integer,
	`current_period_start` integer NOT NULL,
	`current_period_end` integer NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`coupon_id` text,
	`paid_invoices` integer DEFAULT 0 NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sandbox_subscriptions_due_idx` ON `sandbox_subscriptions` (`channel_id`,`status`,`current_period_end`);--> statement-breakpoint
CREATE INDEX `sandbox_subscriptions_customer_idx` ON `sandbox_subscriptions` (`channel_id`,`customer_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `single_event_package_id` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `amount` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `currency` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_id` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `provider` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `provider_ref` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `auto_renew` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `renewal_status` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `subscription_status` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `trial_ends_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `current_period_end` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `bundle_order_id` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `parent_order_id` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `selected_category_ids` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `selected_participant_ids` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_provider_idx` ON `orders` (`channel_id`,`provider_ref`);--> statement-breakpoint
CREATE INDEX `orders_renewal_idx` ON `orders` (`channel_id`,`subscription_status`,`current_period_end`);