-- Search (issue 28): one FTS5 index of the channel's events, teams, schools and library items, kept current by
-- triggers, so every writer (the console, tenant loads, imports) updates it without knowing it exists.
-- A document's rowid is its row's id * 4 + its kind (0 event, 1 team, 2 school, 3 library item); `scope` holds
-- "c<channel id>", matched as a term so a query reads one channel's postings only. Text is folded by the
-- tokenizer: case, accents (remove_diacritics 2) and punctuation (a hyphen separates words).
CREATE VIRTUAL TABLE `search_index` USING fts5(scope, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
-- The index's terms (every channel's), for the query's typo allowance: candidates are read by their first letter.
CREATE VIRTUAL TABLE `search_terms` USING fts5vocab(search_index, 'row');
--> statement-breakpoint
-- What each document says, in every language: an event by its name, its teams and their schools, its sport and its
-- venue; a team by its names, its school's and its sport's; a school by its names and city; a library item by its
-- titles. Filtered by kind and ref_id, SQLite pushes the filter into the one branch, which reads by primary key.
-- Ligatures (œ, æ, ß), which the tokenizer keeps whole, are spelt out, as the query's words are.
CREATE VIEW `search_documents` AS
SELECT kind, ref_id, scope,
  replace(replace(replace(replace(replace(replace(body, 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'ß', 'ss'), 'ẞ', 'ss') AS body
FROM (
SELECT 0 AS kind, e.id AS ref_id, 'c' || e.channel_id AS scope,
  coalesce((SELECT group_concat(j.value, ' ') FROM json_each(e.name) j), '')
  || ' ' || coalesce((SELECT group_concat(j.value, ' ') FROM participants t, json_each(t.name) j
      WHERE t.channel_id = e.channel_id AND t.id IN (e.home_team_id, e.away_team_id)), '')
  || ' ' || coalesce((SELECT group_concat(t.short_name, ' ') FROM participants t
      WHERE t.channel_id = e.channel_id AND t.id IN (e.home_team_id, e.away_team_id)), '')
  || ' ' || coalesce((SELECT group_concat(j.value, ' ') FROM participants t JOIN participant_groups g ON g.id = t.group_id AND g.channel_id = t.channel_id, json_each(g.name) j
      WHERE t.channel_id = e.channel_id AND t.id IN (e.home_team_id, e.away_team_id)), '')
  || ' ' || coalesce((SELECT group_concat(g.short_name, ' ') FROM participants t JOIN participant_groups g ON g.id = t.group_id AND g.channel_id = t.channel_id
      WHERE t.channel_id = e.channel_id AND t.id IN (e.home_team_id, e.away_team_id)), '')
  || ' ' || coalesce((SELECT group_concat(j.value, ' ') FROM event_categories c, json_each(c.name) j
      WHERE c.channel_id = e.channel_id AND c.id = e.event_category_id), '')
  || ' ' || coalesce((SELECT group_concat(j.value, ' ') FROM locations l, json_each(l.name) j
      WHERE l.channel_id = e.channel_id AND l.id = e.location_id), '') AS body
FROM events e
UNION ALL
SELECT 1, t.id, 'c' || t.channel_id,
  coalesce((SELECT group_concat(j.value, ' ') FROM json_each(t.name) j), '') || ' ' || coalesce(t.short_name, '')
  || ' ' || coalesce((SELECT group_concat(j.value, ' ') || ' ' || coalesce(g.short_name, '') FROM participant_groups g, json_each(g.name) j
      WHERE g.channel_id = t.channel_id AND g.id = t.group_id), '')
  || ' ' || coalesce((SELECT group_concat(j.value, ' ') FROM event_categories c, json_each(c.name) j
      WHERE c.channel_id = t.channel_id AND c.id = t.event_category_id), '')
FROM participants t
UNION ALL
SELECT 2, g.id, 'c' || g.channel_id,
  coalesce((SELECT group_concat(j.value, ' ') FROM json_each(g.name) j), '') || ' ' || coalesce(g.short_name, '') || ' ' || coalesce(g.city, '')
FROM participant_groups g
UNION ALL
SELECT 3, v.id, 'c' || v.channel_id, coalesce((SELECT group_concat(j.value, ' ') FROM json_each(v.title) j), '')
FROM vod_media_items v
);
--> statement-breakpoint
CREATE TRIGGER `search_events_insert` AFTER INSERT ON `events` BEGIN
  INSERT INTO search_index(rowid, scope, body) SELECT ref_id * 4, scope, body FROM search_documents WHERE kind = 0 AND ref_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `search_events_update` AFTER UPDATE OF name, home_team_id, away_team_id, event_category_id, location_id ON `events` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 4;
  INSERT INTO search_index(rowid, scope, body) SELECT ref_id * 4, scope, body FROM search_documents WHERE kind = 0 AND ref_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `search_events_delete` AFTER DELETE ON `events` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 4;
END;
--> statement-breakpoint
CREATE TRIGGER `search_teams_insert` AFTER INSERT ON `participants` BEGIN
  INSERT INTO search_index(rowid, scope, body) SELECT ref_id * 4 + 1, scope, body FROM search_documents WHERE kind = 1 AND ref_id = new.id;
END;
--> statement-breakpoint
-- A team's new name reaches its games too.
CREATE TRIGGER `search_teams_update` AFTER UPDATE OF name, short_name, group_id, event_category_id ON `participants` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 4 + 1;
  INSERT INTO search_index(rowid, scope, body) SELECT ref_id * 4 + 1, scope, body FROM search_documents WHERE kind = 1 AND ref_id = new.id;
  DELETE FROM search_index WHERE rowid IN (SELECT id * 4 FROM events WHERE channel_id = new.channel_id AND new.id IN (home_team_id, away_team_id));
  INSERT INTO search_index(rowid, scope, body) SELECT ref_id * 4, scope, body FROM search_documents
    WHERE kind = 0 AND ref_id IN (SELECT id FROM events WHERE channel_id = new.channel_id AND new.id IN (home_team_id, away_team_id));
END;
--> statement-breakpoint
CREATE TRIGGER `search_teams_delete` AFTER DELETE ON `participants` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 4 + 1;
  DELETE FROM search_index WHERE rowid IN (SELECT id * 4 FROM events WHERE channel_id = old.channel_id AND old.id IN (home_team_id, away_team_id));
  INSERT INTO search_index(rowid, scope, body) SELECT ref_id * 4, scope, body FROM search_documents
    WHERE kind = 0 AND ref_id IN (SELECT id FROM events WHERE channel_id = old.channel_id AND old.id IN (home_team_id, away_team_id));
END;
--> statement-breakpoint
CREATE TRIGGER `search_schools_insert` AFTER INSERT ON `participant_groups` BEGIN
  INSERT INTO search_index(rowid, scope, body) SELECT ref_id * 4 + 2, scope, body FROM search_documents WHERE kind = 2 AND ref_id = new.id;
END;
--> statement-breakpoint
-- A school's new name reaches its teams and their games.
CREATE TRIGGER `search_schools_update` AFTER UPDATE OF name, short_name, city ON `participant_groups` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 4 + 2;
  INSERT INTO search_index(rowid, scope, body) SELECT ref_id * 4 + 2, scope, body FROM search_documents WHERE kind = 2 AND ref_id = new.id;
  DELETE FROM search_index WHERE rowid IN (SELECT id * 4 + 1 FROM participants WHERE channel_id = new.channel_id AND group_id = new.id);
  INSERT INTO search_index(rowid, scope, body) SELECT ref_id * 4 + 1, scope, body FROM search_documents
    WHERE kind = 1 AND ref_id IN (SELECT id FROM participants WHERE channel_id = new.channel_id AND group_id = new.id);
  DELETE FROM search_index WHERE rowid IN (SELECT e.id * 4 FROM events e JOIN participants t ON t.id IN (e.home_team_id, e.away_team_id)
    WHERE e.channel_id = new.channel_id AND t.channel_id = new.channel_id AND t.group_id = new.id);
  INSERT INTO search_index(rowid, scope, body) SELECT ref_id * 4, scope, body FROM search_documents
    WHERE kind = 0 AND ref_id IN (SELECT e.id FROM events e JOIN participants t ON t.id IN (e.home_team_id, e.away_team_id)
      WHERE e.channel_id = new.channel_id AND t.channel_id = new.channel_id AND t.group_id = new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `search_schools_delete` AFTER DELETE ON `participant_groups` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 4 + 2;
END;
--> statement-breakpoint
CREATE TRIGGER `search_sports_update` AFTER UPDATE OF name ON `event_categories` BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT id * 4 + 1 FROM participants WHERE channel_id = new.channel_id AND event_category_id = new.id);
  INSERT INTO search_index(rowid, scope, body) SELECT ref_id * 4 + 1, scope, body FROM search_documents
    WHERE kind = 1 AND ref_id IN (SELECT id FROM participants WHERE channel_id = new.channel_id AND event_category_id = new.id);
  DELETE FROM search_index WHERE rowid IN (SELECT id * 4 FROM events WHERE channel_id = new.channel_id AND event_category_id = new.id);
  INSERT INTO search_index(rowid, scope, body) SELECT ref_id * 4, scope, body FROM search_documents
    WHERE kind = 0 AND ref_id IN (SELECT id FROM events WHERE channel_id = new.channel_id AND event_category_id = new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `search_locations_update` AFTER UPDATE OF name ON `locations` BEGIN
  DELETE FROM search_index WHERE rowid IN (SELECT id * 4 FROM events WHERE channel_id = new.channel_id AND location_id = new.id);
  INSERT INTO search_index(rowid, scope, body) SELECT ref_id * 4, scope, body FROM search_documents
    WHERE kind = 0 AND ref_id IN (SELECT id FROM events WHERE channel_id = new.channel_id AND location_id = new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `search_library_insert` AFTER INSERT ON `vod_media_items` BEGIN
  INSERT INTO search_index(rowid, scope, body) SELECT ref_id * 4 + 3, scope, body FROM search_documents WHERE kind = 3 AND ref_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `search_library_update` AFTER UPDATE OF title ON `vod_media_items` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 4 + 3;
  INSERT INTO search_index(rowid, scope, body) SELECT ref_id * 4 + 3, scope, body FROM search_documents WHERE kind = 3 AND ref_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `search_library_delete` AFTER DELETE ON `vod_media_items` BEGIN
  DELETE FROM search_index WHERE rowid = old.id * 4 + 3;
END;
--> statement-breakpoint
INSERT INTO search_index(rowid, scope, body) SELECT ref_id * 4 + kind, scope, body FROM search_documents;
