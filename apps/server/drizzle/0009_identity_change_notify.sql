-- Every change that can alter what a session token resolves to (modules/identity/session-cache.ts) is announced on the
-- cluster bus's channel in the writing transaction, so it reaches every instance at commit — whichever code path (or
-- operator's psql) made it. Payload: {"sessions": [id]} | {"users": [id]} | {"all": true}.
CREATE OR REPLACE FUNCTION starlight_identity_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change json;
BEGIN
  IF TG_OP = 'TRUNCATE' OR TG_TABLE_NAME IN ('roles', 'role_permissions') THEN
    change := json_build_object('all', true);
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    change := json_build_object('sessions', json_build_array(OLD.id));
  ELSIF TG_TABLE_NAME = 'users' THEN
    change := json_build_object('users', json_build_array(OLD.id));
  ELSIF TG_OP = 'INSERT' THEN
    change := json_build_object('users', json_build_array(NEW.user_id));
  ELSIF TG_OP = 'DELETE' THEN
    change := json_build_object('users', json_build_array(OLD.user_id));
  ELSE
    change := json_build_object('users', json_build_array(OLD.user_id, NEW.user_id));
  END IF;
  PERFORM pg_notify('starlight_bus', json_build_object('from', 'db', 'topic', 'identity.changed', 'payload', change)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_identity_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION starlight_identity_changed();
--> statement-breakpoint
CREATE TRIGGER users_identity_changed AFTER UPDATE OF user_name, status, disabled OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION starlight_identity_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_identity_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH ROW EXECUTE FUNCTION starlight_identity_changed();
--> statement-breakpoint
CREATE TRIGGER group_admins_identity_changed AFTER INSERT OR UPDATE OR DELETE ON group_admins FOR EACH ROW EXECUTE FUNCTION starlight_identity_changed();
--> statement-breakpoint
CREATE TRIGGER community_admins_identity_changed AFTER INSERT OR UPDATE OR DELETE ON community_admins FOR EACH ROW EXECUTE FUNCTION starlight_identity_changed();
--> statement-breakpoint
CREATE TRIGGER roles_identity_changed AFTER UPDATE OR DELETE ON roles FOR EACH ROW EXECUTE FUNCTION starlight_identity_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_identity_changed AFTER INSERT OR UPDATE OR DELETE ON role_permissions FOR EACH ROW EXECUTE FUNCTION starlight_identity_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION starlight_identity_changed();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION starlight_identity_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_truncated AFTER TRUNCATE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION starlight_identity_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_truncated AFTER TRUNCATE ON role_permissions FOR EACH STATEMENT EXECUTE FUNCTION starlight_identity_changed();
