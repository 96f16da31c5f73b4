import { Migration } from '@mikro-orm/migrations';

export class Migration20261125171215_callback_events extends Migration {
  override name = 'Migration20261125171215_callback_events';

  override up(): void | Promise<void> {
    this.addSql(`alter table "webhook_deliveries" drop constraint "webhook_deliveries_state_check";`);
    // Rows before events existed meant "when the task ends": an ended task's row is that event; a task still
    // running gets one row per possible end (the one that does not happen is skipped).
    this.addSql(`alter table "webhook_deliveries" add "event" text null;`);
    this.addSql(
      `update "webhook_deliveries" d set "event" = t."status" from "image_tasks" t where t."id" = d."task_id" and t."status" in ('completed', 'failed');`,
    );
    this.addSql(
      `insert into "webhook_deliveries" ("id", "task_id", "api_token_id", "url", "event", "state", "attempt", "next_attempt_at", "created_at")
       select gen_random_uuid(), "task_id", "api_token_id", "url", 'failed', 'waiting', 0, "next_attempt_at", "created_at"
         from "webhook_deliveries" where "event" is null;`,
    );
    this.addSql(`update "webhook_deliveries" set "event" = 'completed' where "event" is null;`);
    this.addSql(`alter table "webhook_deliveries" alter column "event" set not null;`);
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_check" check ("event" in ('started', 'completed', 'failed'));`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_state_check" check ("state" in ('waiting', 'delivered', 'failed', 'skipped'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "webhook_deliveries" where "state" = 'skipped' or "event" = 'started';`);
    this.addSql(`alter table "webhook_deliveries" drop constraint "webhook_deliveries_event_check";`);
    this.addSql(`alter table "webhook_deliveries" drop constraint "webhook_deliveries_state_check";`);
    this.addSql(`alter table "webhook_deliveries" drop column "event";`);
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_state_check" check ("state" in ('waiting', 'delivered', 'failed'));`,
    );
  }
}
