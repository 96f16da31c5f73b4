import { Migration } from '@mikro-orm/migrations';

/**
 * Notifications that keep the processes' in-memory caches honest (not stored, nothing to resume): on channel
 * `live_events`, kind `user` when a user's name, role or active flag changes (cached sessions carry them), kind
 * `tasks` when a task is deleted or its revision moves without a visible change (the task list's ETag covers
 * revisions), kind `settings` when the admin settings change (the public pricing). Deleted sessions and visible task
 * changes already notify (migration `live_events`).
 */
export class Migration20261126020000_cache_notifications extends Migration {
  override name = 'Migration20261126020000_cache_notifications';

  override up(): void | Promise<void> {
    this.addSql(`create function "live"."on_user_change"() returns trigger language plpgsql as $$
begin
  perform pg_notify('live_events', json_build_object('k', 'user', 'u', new."id")::text);
  return null;
end $$;`);
    this.addSql(`create trigger "users_live_change" after update of "username", "is_admin", "is_active" on "users" for each row
  when (new."username" is distinct from old."username" or new."is_admin" is distinct from old."is_admin"
        or new."is_active" is distinct from old."is_active")
  execute function "live"."on_user_change"();`);
    this.addSql(`create function "live"."on_task_list_change"() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform pg_notify('live_events', json_build_object('k', 'tasks', 'u', old."user_id")::text);
  else
    perform pg_notify('live_events', json_build_object('k', 'tasks', 'u', new."user_id")::text);
    if new."user_id" is distinct from old."user_id" then
      perform pg_notify('live_events', json_build_object('k', 'tasks', 'u', old."user_id")::text);
    end if;
  end if;
  return null;
end $$;`);
    this.addSql(
      `create trigger "image_tasks_list_delete" after delete on "image_tasks" for each row execute function "live"."on_task_list_change"();`,
    );
    this.addSql(`create trigger "image_tasks_list_change" after update on "image_tasks" for each row
  when (new."revision" is distinct from old."revision" or new."user_id" is distinct from old."user_id"
        or new."created_at" is distinct from old."created_at")
  execute function "live"."on_task_list_change"();`);
    this.addSql(`create function "live"."on_settings_change"() returns trigger language plpgsql as $$
begin
  perform pg_notify('live_events', json_build_object('k', 'settings')::text);
  return null;
end $$;`);
    this.addSql(
      `create trigger "admin_settings_live_change" after insert or update or delete on "admin_settings" for each statement execute function "live"."on_settings_change"();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "admin_settings_live_change" on "admin_settings";`);
    this.addSql(`drop trigger if exists "image_tasks_list_change" on "image_tasks";`);
    this.addSql(`drop trigger if exists "image_tasks_list_delete" on "image_tasks";`);
    this.addSql(`drop trigger if exists "users_live_change" on "users";`);
    this.addSql(`drop function if exists "live"."on_settings_change"();`);
    this.addSql(`drop function if exists "live"."on_task_list_change"();`);
    this.addSql(`drop function if exists "live"."on_user_change"();`);
  }
}
