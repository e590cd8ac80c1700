-- ADR 0015: team codes, team names and a team's sales team names are unique whatever their case.
-- A database may already hold names that differ only in case (checked before insert only, and
-- racing requests could slip through). Rather than fail, the oldest row (lowest id) keeps its
-- name and each later one gets its id appended, e.g. 'Spain (17)'; codes get '-<id>'. Each
-- rename is written to the audit log, so organisers can find it and choose a better name.
WITH dup AS (
  SELECT id, code AS old_code, row_number() OVER (PARTITION BY lower(code) ORDER BY id) AS n
  FROM teams
), renamed AS (
  UPDATE teams SET code = lower(teams.code) || '-' || teams.id
  FROM dup WHERE dup.id = teams.id AND dup.n > 1
  RETURNING teams.id, dup.old_code, teams.code
)
INSERT INTO audit_log (actor_id, actor_name, action, entity_type, entity_id, before, after, reason, at)
SELECT NULL, 'Migration 0006', 'team.update', 'team', id::text, jsonb_build_object('code', old_code),
  jsonb_build_object('code', code), 'Team codes must be unique whatever their case', now()
FROM renamed;--> statement-breakpoint
WITH dup AS (
  SELECT id, name AS old_name, row_number() OVER (PARTITION BY lower(name) ORDER BY id) AS n
  FROM teams
), renamed AS (
  UPDATE teams SET name = teams.name || ' (' || teams.id || ')'
  FROM dup WHERE dup.id = teams.id AND dup.n > 1
  RETURNING teams.id, dup.old_name, teams.name
)
INSERT INTO audit_log (actor_id, actor_name, action, entity_type, entity_id, before, after, reason, at)
SELECT NULL, 'Migration 0006', 'team.update', 'team', id::text, jsonb_build_object('name', old_name),
  jsonb_build_object('name', name), 'Team names must be unique whatever their case', now()
FROM renamed;--> statement-breakpoint
WITH dup AS (
  SELECT id, name AS old_name,
    row_number() OVER (PARTITION BY team_id, lower(name) ORDER BY id) AS n
  FROM sales_teams
), renamed AS (
  UPDATE sales_teams SET name = sales_teams.name || ' (' || sales_teams.id || ')'
  FROM dup WHERE dup.id = sales_teams.id AND dup.n > 1
  RETURNING sales_teams.id, sales_teams.team_id, dup.old_name, sales_teams.name
)
INSERT INTO audit_log (actor_id, actor_name, action, entity_type, entity_id, before, after, reason, at)
SELECT NULL, 'Migration 0006', 'sales-team.rename', 'sales-team', id::text,
  jsonb_build_object('teamId', team_id, 'name', old_name),
  jsonb_build_object('teamId', team_id, 'name', name),
  'A team''s sales team names must be unique whatever their case', now()
FROM renamed;--> statement-breakpoint
DROP INDEX "sales_teams_name";--> statement-breakpoint
CREATE UNIQUE INDEX "sales_teams_name_lower" ON "sales_teams" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "teams_code_lower" ON "teams" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_lower" ON "teams" USING btree (lower("name"));
