ALTER TABLE `live_inputs` ADD `dropped_at` integer;--> statement-breakpoint
ALTER TABLE `live_inputs` ADD `gaps` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `live_inputs` ADD `encoder` text;