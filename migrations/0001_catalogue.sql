CREATE TABLE `event_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`alias` text NOT NULL,
	`name` text NOT NULL,
	`parent_id` integer,
	`image` text,
	`weight` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_categories_alias_idx` ON `event_categories` (`channel_id`,`alias`);--> statement-breakpoint
CREATE INDEX `event_categories_order_idx` ON `event_categories` (`channel_id`,`weight`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`type` text DEFAULT 'free' NOT NULL,
	`access_type` text DEFAULT 'free' NOT NULL,
	`event_utc_ts` integer NOT NULL,
	`end_utc_ts` integer NOT NULL,
	`time_zone` text NOT NULL,
	`location_id` integer,
	`event_category_id` integer,
	`home_team_id` integer,
	`away_team_id` integer,
	`gender` text DEFAULT 'not_identified' NOT NULL,
	`poster` text,
	`media_key` text,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_key_idx` ON `events` (`channel_id`,`key`);--> statement-breakpoint
CREATE INDEX `events_start_idx` ON `events` (`channel_id`,`event_utc_ts`);--> statement-breakpoint
CREATE INDEX `events_end_idx` ON `events` (`channel_id`,`end_utc_ts`);--> statement-breakpoint
CREATE INDEX `events_category_idx` ON `events` (`channel_id`,`event_category_id`,`event_utc_ts`);--> statement-breakpoint
CREATE INDEX `events_home_idx` ON `events` (`channel_id`,`home_team_id`,`event_utc_ts`);--> statement-breakpoint
CREATE INDEX `events_away_idx` ON `events` (`channel_id`,`away_team_id`,`event_utc_ts`);--> statement-breakpoint
CREATE INDEX `events_location_idx` ON `events` (`channel_id`,`location_id`,`event_utc_ts`);--> statement-breakpoint
CREATE INDEX `events_gender_idx` ON `events` (`channel_id`,`gender`,`event_utc_ts`);--> statement-breakpoint
CREATE TABLE `locations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`address` text,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`country` text DEFAULT 'US' NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `locations_key_idx` ON `locations` (`channel_id`,`key`);--> statement-breakpoint
CREATE INDEX `locations_city_idx` ON `locations` (`channel_id`,`state`,`city`);--> statement-breakpoint
CREATE TABLE `participant_group_properties` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`values` text DEFAULT '[]' NOT NULL,
	`weight` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `participant_group_properties_key_idx` ON `participant_group_properties` (`channel_id`,`key`);--> statement-breakpoint
CREATE TABLE `participant_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`alias` text NOT NULL,
	`name` text NOT NULL,
	`short_name` text,
	`images` text DEFAULT '{}' NOT NULL,
	`color` text,
	`city` text,
	`state` text,
	`properties` text DEFAULT '{}' NOT NULL,
	`weight` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `participant_groups_alias_idx` ON `participant_groups` (`channel_id`,`alias`);--> statement-breakpoint
CREATE INDEX `participant_groups_order_idx` ON `participant_groups` (`channel_id`,`weight`);--> statement-breakpoint
CREATE TABLE `participants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`alias` text NOT NULL,
	`name` text NOT NULL,
	`short_name` text,
	`images` text DEFAULT '{}' NOT NULL,
	`color` text,
	`group_id` integer,
	`parent_id` integer,
	`event_category_id` integer,
	`gender` text DEFAULT 'not_identified' NOT NULL,
	`properties` text DEFAULT '{}' NOT NULL,
	`weight` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `participants_alias_idx` ON `participants` (`channel_id`,`alias`);--> statement-breakpoint
CREATE INDEX `participants_group_idx` ON `participants` (`channel_id`,`group_id`);--> statement-breakpoint
CREATE INDEX `participants_category_idx` ON `participants` (`channel_id`,`event_category_id`);--> statement-breakpoint
CREATE TABLE `vod_media_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`alias` text NOT NULL,
	`name` text NOT NULL,
	`parent_id` integer,
	`weight` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vod_media_categories_alias_idx` ON `vod_media_categories` (`channel_id`,`alias`);--> statement-breakpoint
CREATE TABLE `vod_media_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`key` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`search_text` text NOT NULL,
	`date` integer NOT NULL,
	`duration_s` integer,
	`category_id` integer,
	`event_id` integer,
	`assets` text DEFAULT '[]' NOT NULL,
	`requires_vod_media` integer DEFAULT false NOT NULL,
	`media_key` text,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vod_media_items_key_idx` ON `vod_media_items` (`channel_id`,`key`);--> statement-breakpoint
CREATE INDEX `vod_media_items_date_idx` ON `vod_media_items` (`channel_id`,`date`);--> statement-breakpoint
CREATE INDEX `vod_media_items_category_idx` ON `vod_media_items` (`channel_id`,`category_id`,`date`);--> statement-breakpoint
CREATE TABLE `vod_media_rail_items` (
	`channel_id` integer NOT NULL,
	`rail_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`weight` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`rail_id`, `item_id`),
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rail_id`) REFERENCES `vod_media_rails`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `vod_media_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vod_media_rail_items_channel_idx` ON `vod_media_rail_items` (`channel_id`,`rail_id`,`weight`);--> statement-breakpoint
CREATE TABLE `vod_media_rails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`key` text NOT NULL,
	`title` text NOT NULL,
	`weight` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vod_media_rails_key_idx` ON `vod_media_rails` (`channel_id`,`key`);--> statement-breakpoint
CREATE INDEX `vod_media_rails_order_idx` ON `vod_media_rails` (`channel_id`,`weight`);