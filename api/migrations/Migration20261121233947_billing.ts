import { Migration } from '@mikro-orm/migrations';

export class Migration20261121233947_billing extends Migration {
  override name = 'Migration20261121233947_billing';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "payment_events" ("id" uuid not null, "provider" text not null, "event_id" varchar(200) not null, "event_type" varchar(100) not null, "order_id" uuid null, "outcome" varchar(60) not null, "detail" text null, "payload" text not null, "received_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "payment_events_order_id_index" on "payment_events" ("order_id");`);
    this.addSql(`alter table "payment_events" add constraint "payment_events_provider_event_id_unique" unique ("provider", "event_id");`);

    this.addSql(
      `create table "orders" ("id" uuid not null, "user_id" uuid not null, "package_id" uuid null, "package_name" varchar(200) not null, "credits" int not null, "amount_minor" int not null, "currency" varchar(3) not null, "provider" text not null, "status" text not null default 'pending', "provider_product_id" varchar(100) null, "creem_checkout_id" varchar(100) null, "creem_order_id" varchar(100) null, "paypal_order_id" varchar(64) null, "paypal_capture_id" varchar(64) null, "capture_attempt" int not null default 0, "failure_reason" text null, "refunded_minor" int not null default 0, "clawed_back_credits" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, "paid_at" timestamptz null, "refunded_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "orders_user_id_index" on "orders" ("user_id");`);
    this.addSql(`alter table "orders" add constraint "orders_creem_checkout_id_unique" unique ("creem_checkout_id");`);
    this.addSql(`alter table "orders" add constraint "orders_creem_order_id_unique" unique ("creem_order_id");`);
    this.addSql(`alter table "orders" add constraint "orders_paypal_order_id_unique" unique ("paypal_order_id");`);
    this.addSql(`alter table "orders" add constraint "orders_paypal_capture_id_unique" unique ("paypal_capture_id");`);

    this.addSql(`alter table "payment_events" add constraint "payment_events_provider_check" check ("provider" in ('creem', 'paypal'));`);

    this.addSql(
      `alter table "orders" add constraint "orders_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "orders" add constraint "orders_package_id_foreign" foreign key ("package_id") references "credit_packages" ("id") on delete set null;`,
    );
    this.addSql(`alter table "orders" add constraint "orders_provider_check" check ("provider" in ('creem', 'paypal'));`);
    this.addSql(`alter table "orders" add constraint "orders_status_check" check ("status" in ('pending', 'paid', 'failed', 'refunded'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "payment_events" cascade;`);
    this.addSql(`drop table if exists "orders" cascade;`);
  }
}
