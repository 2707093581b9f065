CREATE TABLE `event_scores` (
	`channel_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`sport` text NOT NULL,
	`home` integer NOT NULL,
	`away` integer NOT NULL,
	`period` integer NOT NULL,
	`overtime` integer NOT NULL,
	`sets` text,
	`final` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`channel_id`, `event_id`),
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
