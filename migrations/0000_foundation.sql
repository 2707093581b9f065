CREATE TABLE `api_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`key_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_key_hash_unique` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_channel_expiry_idx` ON `api_keys` (`channel_id`,`expires_at`);--> statement-breakpoint
CREATE TABLE `channel_domains` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`hostname` text NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channel_domains_hostname_unique` ON `channel_domains` (`hostname`);--> statement-breakpoint
CREATE INDEX `channel_domains_channel_idx` ON `channel_domains` (`channel_id`);--> statement-breakpoint
CREATE TABLE `channel_settings` (
	`channel_id` integer NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`channel_id`, `key`),
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `channels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`alias` text NOT NULL,
	`name` text NOT NULL,
	`channel_key` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channels_alias_unique` ON `channels` (`alias`);--> statement-breakpoint
CREATE UNIQUE INDEX `channels_channel_key_unique` ON `channels` (`channel_key`);--> statement-breakpoint
CREATE TABLE `color_settings` (
	`channel_id` integer NOT NULL,
	`client_interface` text DEFAULT 'web' NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`channel_id`, `client_interface`, `key`),
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `custom_form_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`form_id` integer NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`form_id`) REFERENCES `custom_forms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `custom_form_submissions_form_idx` ON `custom_form_submissions` (`channel_id`,`form_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `custom_forms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`alias` text NOT NULL,
	`title` text NOT NULL,
	`fields` text NOT NULL,
	`success_message` text,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_forms_channel_alias_idx` ON `custom_forms` (`channel_id`,`alias`);--> statement-breakpoint
CREATE TABLE `faqs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`key` text NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`weight` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `faqs_channel_key_idx` ON `faqs` (`channel_id`,`key`);--> statement-breakpoint
CREATE INDEX `faqs_order_idx` ON `faqs` (`channel_id`,`weight`);--> statement-breakpoint
CREATE TABLE `menu_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`key` text NOT NULL,
	`parent_id` integer,
	`placement` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`url` text,
	`alias` text,
	`image` text,
	`weight` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `menu_items_channel_key_idx` ON `menu_items` (`channel_id`,`key`);--> statement-breakpoint
CREATE INDEX `menu_items_order_idx` ON `menu_items` (`channel_id`,`weight`);--> statement-breakpoint
CREATE TABLE `pages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`url` text NOT NULL,
	`name` text NOT NULL,
	`alt_name` text,
	`description` text,
	`content` text NOT NULL,
	`weight` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pages_channel_url_idx` ON `pages` (`channel_id`,`url`);--> statement-breakpoint
CREATE TABLE `prerolls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`key` text NOT NULL,
	`url` text NOT NULL,
	`weight` integer DEFAULT 1 NOT NULL,
	`location_id` integer,
	`event_categories` text DEFAULT '[]' NOT NULL,
	`for_vod` integer DEFAULT true NOT NULL,
	`for_live` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prerolls_channel_key_idx` ON `prerolls` (`channel_id`,`key`);--> statement-breakpoint
CREATE TABLE `slides` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`key` text NOT NULL,
	`client_interface` text DEFAULT 'web' NOT NULL,
	`slidable_type` text NOT NULL,
	`slidable_id` integer,
	`slidable_alias` text,
	`title` text NOT NULL,
	`subtitle` text,
	`image` text NOT NULL,
	`image_alt` text,
	`link_url` text,
	`cta` text,
	`weight` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `slides_channel_key_idx` ON `slides` (`channel_id`,`key`);--> statement-breakpoint
CREATE INDEX `slides_order_idx` ON `slides` (`channel_id`,`client_interface`,`slidable_type`,`weight`);--> statement-breakpoint
CREATE TABLE `static_blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`key` text NOT NULL,
	`placement` text NOT NULL,
	`type` text NOT NULL,
	`title` text,
	`content` text,
	`image_url` text,
	`image_alt` text,
	`link_url` text,
	`weight` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `static_blocks_channel_key_idx` ON `static_blocks` (`channel_id`,`key`);--> statement-breakpoint
CREATE INDEX `static_blocks_order_idx` ON `static_blocks` (`channel_id`,`placement`,`weight`);