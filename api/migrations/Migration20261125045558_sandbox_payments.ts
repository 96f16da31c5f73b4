import { Migration } from '@mikro-orm/migrations';

export class Migration20261125045558_sandbox_payments extends Migration {
  override name = 'Migration20261125045558_sandbox_payments';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "sandbox_checkouts" ("id" varchar(40) not null, "request_id" uuid not null, "product_id" varchar(80) not null, "amount_minor" int not null, "currency" varchar(3) not null, "success_url" text not null, "status" text not null, "paid_order_id" varchar(40) null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "sandbox_checkouts_request_id_index" on "sandbox_checkouts" ("request_id");`);

    this.addSql(
      `alter table "sandbox_checkouts" add constraint "sandbox_checkouts_status_check" check ("status" in ('pending', 'completed', 'cancelled'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sandbox_checkouts" cascade;`);
  }
}
