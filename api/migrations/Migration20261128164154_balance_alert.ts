import { Migration } from '@mikro-orm/migrations';

export class Migration20261128164154_balance_alert extends Migration {
  override name = 'Migration20261128164154_balance_alert';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "balance_alert_callbacks" ("user_id" uuid not null, "api_token_id" uuid not null, "url" varchar(2048) not null, "updated_at" timestamptz not null, primary key ("user_id"));`,
    );
    this.addSql(`create index "balance_alert_callbacks_api_token_id_index" on "balance_alert_callbacks" ("api_token_id");`);

    this.addSql(`alter table "users" add "low_balance_threshold" int null;`);

    this.addSql(`alter table "webhook_deliveries" drop constraint "webhook_deliveries_event_check";`);
    this.addSql(`alter table "webhook_deliveries" add "payload" jsonb null;`);
    this.addSql(`alter table "webhook_deliveries" alter column "task_id" drop not null;`);
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_check" check ("event" in ('started', 'completed', 'failed', 'balance.low'));`,
    );

    this.addSql(
      `alter table "balance_alert_callbacks" add constraint "balance_alert_callbacks_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "balance_alert_callbacks" add constraint "balance_alert_callbacks_api_token_id_foreign" foreign key ("api_token_id") references "api_tokens" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "balance_alert_callbacks" cascade;`);
    this.addSql(`delete from "webhook_deliveries" where "task_id" is null;`);

    this.addSql(`alter table "users" drop column "low_balance_threshold";`);

    this.addSql(`alter table "webhook_deliveries" drop constraint "webhook_deliveries_event_check";`);
    this.addSql(`alter table "webhook_deliveries" drop column "payload";`);
    this.addSql(`alter table "webhook_deliveries" alter column "task_id" set not null;`);
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_check" check ("event" in ('started', 'completed', 'failed'));`,
    );
  }
}
