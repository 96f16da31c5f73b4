import { Migration } from '@mikro-orm/migrations';

/**
 * The audit log, append-only: a trigger refuses every UPDATE and DELETE of a row and a TRUNCATE of the table, whoever
 * asks (the app included), so an entry stays as it was written.
 */
export class Migration20261128064122_audit_log extends Migration {
  override name = 'Migration20261128064122_audit_log';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "audit_events" ("id" uuid not null, "at" timestamptz not null, "kind" text not null, "action" varchar(60) not null, "actor_id" uuid null, "actor_name" varchar(50) null, "subject_id" uuid null, "subject_name" varchar(50) null, "ip" varchar(64) null, "user_agent" varchar(300) null, "details" jsonb not null default '{}', primary key ("id"));`,
    );
    this.addSql(`create index "audit_events_at_index" on "audit_events" ("at");`);
    this.addSql(`create index "audit_events_action_index" on "audit_events" ("action");`);
    this.addSql(`create index "audit_events_actor_id_index" on "audit_events" ("actor_id");`);
    this.addSql(`create index "audit_events_subject_id_index" on "audit_events" ("subject_id");`);

    this.addSql(`alter table "audit_events" add constraint "audit_events_kind_check" check ("kind" in ('security', 'admin'));`);
    this.addSql(`create function "audit_events_append_only"() returns trigger language plpgsql as $$
begin
  raise exception 'audit_events is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
end $$;`);
    this.addSql(
      `create trigger "audit_events_no_change" before update or delete on "audit_events" for each row execute function "audit_events_append_only"();`,
    );
    this.addSql(
      `create trigger "audit_events_no_truncate" before truncate on "audit_events" for each statement execute function "audit_events_append_only"();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "audit_events" cascade;`);
    this.addSql(`drop function if exists "audit_events_append_only"();`);
  }
}
