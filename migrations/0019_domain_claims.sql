DROP INDEX `custom_hostnames_hostname_unique`;--> statement-breakpoint
CREATE INDEX `custom_hostnames_hostname_idx` ON `custom_hostnames` (`hostname`);--> statement-breakpoint
CREATE UNIQUE INDEX `custom_hostnames_channel_hostname_idx` ON `custom_hostnames` (`channel_id`,`hostname`);--> statement-breakpoint
CREATE UNIQUE INDEX `custom_hostnames_active_hostname_idx` ON `custom_hostnames` (`hostname`) WHERE status = 'active';