import { Migration } from '@mikro-orm/migrations';

/**
 * The live stream's events, written by the database itself: a task's visible change and a balance change insert a
 * row into `live.events` (kept an hour, so a reconnect can resume) and `pg_notify` it on channel `live_events`; a
 * deleted session notifies too, so its streams close. Triggers catch every writer (web, workers, admin, raw SQL).
 * The table lives in its own schema, outside the ORM's entities.
 */
export class Migration20261126010000_live_events extends Migration {
  override name = 'Migration20261126010000_live_events';

  override up(): void | Promise<void> {
    this.addSql(`create schema if not exists "live";`);
    this.addSql(
      `create table "live"."events" ("id" bigserial primary key, "user_id" uuid not null, "kind" text not null, "data" jsonb not null, "created_at" timestamptz not null default clock_timestamp());`,
    );
    this.addSql(`create index "live_events_user_id_idx" on "live"."events" ("user_id", "id");`);
    this.addSql(`create index "live_events_created_at_idx" on "live"."events" ("created_at");`);
    // The notification carries the event whole when it fits (NOTIFY's limit is 8000 bytes), else only its id.
    this.addSql(`create function "live"."publish"(p_user uuid, p_kind text, p_data jsonb) returns void language plpgsql as $$
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
    this.addSql(`create function "live"."iso"(t timestamptz) returns text language sql immutable as $$
  select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;`);
    this.addSql(`create function "live"."on_task"() returns trigger language plpgsql as $$
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
    this.addSql(`create function "live"."on_balance"() returns trigger language plpgsql as $$
begin
  if new."credits" is distinct from old."credits" then
    perform "live"."publish"(new."id", 'balance', jsonb_build_object('credits', new."credits"));
  end if;
  return null;
end $$;`);
    this.addSql(
      `create trigger "users_live_balance" after update of "credits" on "users" for each row execute function "live"."on_balance"();`,
    );
    // Not stored: a stream of an ended session is closed, and a reconnect is refused by the session check anyway.
    this.addSql(`create function "live"."on_session_end"() returns trigger language plpgsql as $$
begin
  perform pg_notify('live_events', json_build_object('k', 'session_end', 'u', old."user_id", 's', old."id_hash")::text);
  return null;
end $$;`);
    this.addSql(`create trigger "sessions_live_end" after delete on "sessions" for each row execute function "live"."on_session_end"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "sessions_live_end" on "sessions";`);
    this.addSql(`drop trigger if exists "users_live_balance" on "users";`);
    this.addSql(`drop trigger if exists "image_tasks_live" on "image_tasks";`);
    this.addSql(`drop schema if exists "live" cascade;`);
  }
}
