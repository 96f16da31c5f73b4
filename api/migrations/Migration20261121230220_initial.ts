import { Migration } from '@mikro-orm/migrations';

export class Migration20261121230220_initial extends Migration {
  override name = 'Migration20261121230220_initial';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "admin_settings" ("id" int not null default 1, "kie_token" text null, "paypal_client_id" text null, "paypal_client_secret" text null, "paypal_environment" text not null default 'sandbox', "creem_api_key" text null, "creem_environment" text not null default 'test', "creem_webhook_secret" text null, "creem_enabled" boolean not null default false, "paypal_enabled" boolean not null default false, "google_client_id" text null, "google_client_secret" text null, "google_redirect_uri" text null, "google_auth_enabled" boolean not null default false, "nano_banana_credits" int not null default 2, "nano_banana_edit_credits" int not null default 3, "nano_banana_resize_credits" int not null default 5, "nano_banana_api_price" int not null default 4, "nano_banana_edit_api_price" int not null default 6, "telegram_bot_token" text null, "telegram_chat_id" text null, "callback_url" text null, "start_credits" int not null default 0, "updated_at" timestamptz not null default current_timestamp, primary key ("id"));`,
    );

    this.addSql(
      `create table "credit_packages" ("id" uuid not null, "name" text not null, "credits" int not null, "price" numeric(10,2) not null, "creem_product_id" text null, "description" text null, "popular" boolean not null default false, "bonus" int not null default 0, "is_active" boolean not null default true, "created_at" timestamptz not null default current_timestamp, primary key ("id"));`,
    );

    this.addSql(`alter table "admin_settings" add constraint "admin_settings_id_check" check (id = 1);`);
    this.addSql(
      `alter table "admin_settings" add constraint "admin_settings_paypal_environment_check" check ("paypal_environment" in ('sandbox', 'production'));`,
    );
    this.addSql(
      `alter table "admin_settings" add constraint "admin_settings_creem_environment_check" check ("creem_environment" in ('test', 'prod'));`,
    );

    // Hand-added: the single settings row, every column at its default (spec 001 §3).
    this.addSql(`insert into "admin_settings" ("id") values (1) on conflict do nothing;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "admin_settings" cascade;`);
    this.addSql(`drop table if exists "credit_packages" cascade;`);
  }
}
