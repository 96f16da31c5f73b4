import { Migration } from '@mikro-orm/migrations';

/**
 * The database says which task changed, TypeScript says what is sent: a task's event row and notification carry its
 * row id, public id and revision (owner in `user_id`/`u`), and the live hub builds the event from the task's row
 * with the studio's presenter. Every change of a task's `revision` (every visible change bumps it) is announced, so a
 * field added to the task needs no SQL here. The notification is always small now: no "too big, read it back" path.
 * Rows already logged are rewritten the same way, so a resume across the deploy misses nothing.
 */
export class Migration20261127000000_live_task_changes extends Migration {
  override name = 'Migration20261127000000_live_task_changes';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "live"."publish"(p_user uuid, p_kind text, p_data jsonb) returns void language plpgsql as $$
declare
  v_id bigint;
begin
  insert into "live"."events" ("user_id", "kind", "data") values (p_user, p_kind, p_data) returning "id" into v_id;
  perform pg_notify('live_events', json_build_object('id', v_id, 'u', p_user, 'k', p_kind, 'd', p_data)::text);
end $$;`);
    this.addSql(`create or replace function "live"."on_task"() returns trigger language plpgsql as $$
begin
  perform "live"."publish"(new."user_id", 'task',
    jsonb_build_object('id', new."id", 'taskId', new."task_id", 'revision', new."revision"));
  return null;
end $$;`);
    this.addSql(`drop trigger if exists "image_tasks_live" on "image_tasks";`);
    this.addSql(`create trigger "image_tasks_live_insert" after insert on "image_tasks" for each row execute function "live"."on_task"();`);
    this.addSql(`create trigger "image_tasks_live_update" after update of "revision" on "image_tasks" for each row
  when (new."revision" is distinct from old."revision") execute function "live"."on_task"();`);
    // A revision change is announced above (the caches hear it as kind `task`); the list still hears a move of a task
    // to another owner or time.
    this.addSql(`drop trigger if exists "image_tasks_list_change" on "image_tasks";`);
    this.addSql(`create trigger "image_tasks_list_change" after update of "user_id", "created_at" on "image_tasks" for each row
  when (new."user_id" is distinct from old."user_id" or new."created_at" is distinct from old."created_at")
  execute function "live"."on_task_list_change"();`);
    this.addSql(`drop function if exists "live"."iso"(timestamptz);`);
    this.addSql(`update "live"."events" set "data" = jsonb_build_object('id', "data"->'id', 'taskId', "data"->'taskId', 'revision', "data"->'revision')
  where "kind" = 'task';`);
  }

  override down(): void | Promise<void> {
    // The older code sends a task event's data as stored: the slim rows of this version are not for it.
    this.addSql(`delete from "live"."events" where "kind" = 'task';`);
    this.addSql(`drop trigger if exists "image_tasks_list_change" on "image_tasks";`);
    this.addSql(`create trigger "image_tasks_list_change" after update on "image_tasks" for each row
  when (new."revision" is distinct from old."revision" or new."user_id" is distinct from old."user_id"
        or new."created_at" is distinct from old."created_at")
  execute function "live"."on_task_list_change"();`);
    this.addSql(`drop trigger if exists "image_tasks_live_update" on "image_tasks";`);
    this.addSql(`drop trigger if exists "image_tasks_live_insert" on "image_tasks";`);
    this.addSql(`create function "live"."iso"(t timestamptz) returns text language sql immutable as $$
  select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;`);
    this.addSql(`create or replace function "live"."on_task"() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new."status" is not distinct from old."status"
    and new."result_urls" is not distinct from old."result_urls"
    and new."thumbnail_url" is not distinct from old."thumbnail_url"
    and new."hd_image_url" is not distinct from old."hd_image_url"
    and new."error_message" is not distinct from old."error_message"
    and new."refunded" is not distinct from old."refunded" then
    return null;
  end if;
  perform "live"."publish"(new."user_id", 'task', jsonb_build_object(
    'id', new."id", 'taskId', new."task_id", 'status', new."status", 'resultUrls', to_jsonb(new."result_urls"),
    'thumbnailUrl', new."thumbnail_url", 'hdImageUrl', new."hd_image_url", 'errorMessage', new."error_message",
    'refunded', new."refunded", 'refundedAt', "live"."iso"(new."refunded_at"), 'completedAt', "live"."iso"(new."completed_at"),
    'revision', new."revision"));
  return null;
end $$;`);
    this.addSql(
      `create trigger "image_tasks_live" after insert or update on "image_tasks" for each row execute function "live"."on_task"();`,
    );
    this.addSql(`create or replace function "live"."publish"(p_user uuid, p_kind text, p_data jsonb) returns void language plpgsql as $$
declare
  v_id bigint;
  v_message text;
begin
  insert into "live"."events" ("user_id", "kind", "data") values (p_user, p_kind, p_data) returning "id" into v_id;
  v_message := json_build_object('id', v_id, 'u', p_user, 'k', p_kind, 'd', p_data)::text;
  if octet_length(v_message) > 7900 then
    v_message := json_build_object('id', v_id, 'u', p_user, 'k', p_kind)::text;
  end if;
  perform pg_notify('live_events', v_message);
end $$;`);
  }
}
