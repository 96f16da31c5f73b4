import { Migration } from '@mikro-orm/migrations';

export class Migration20261121234047_studio extends Migration {
  override name = 'Migration20261121234047_studio';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "kie_apis" ("id" uuid not null, "name" varchar(100) not null, "token" text not null, "token_hash" varchar(64) not null, "total_credits" int not null default 1000, "nano_banana_credits" int not null default 500, "nano_banana_edit_credits" int not null default 300, "is_enabled" boolean not null default true, "last_used" timestamptz null, "total_usage" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "kie_apis" add constraint "kie_apis_token_hash_unique" unique ("token_hash");`);

    this.addSql(
      `create table "image_tasks" ("id" uuid not null, "user_id" uuid not null, "task_id" varchar(40) not null, "provider" text null, "provider_task_id" varchar(200) null, "prompt" text not null, "input_image_urls" text[] not null default '{}', "model" text not null, "generation_type" text not null default 'text_to_image', "aspect_ratio" varchar(10) not null, "scale_ratio" int null, "face_enhancement" boolean not null default false, "output_format" varchar(10) not null default 'png', "image_size" varchar(10) not null default 'auto', "seeds" int null, "enable_fallback" boolean not null default false, "status" text not null default 'pending', "result_urls" text[] not null default '{}', "thumbnail_url" text null, "hd_image_url" text null, "error_message" text null, "credits_used" int not null, "created_via" text not null default 'web', "is_public" boolean not null default false, "refunded" boolean not null default false, "refunded_at" timestamptz null, "kie_api_id" uuid null, "source_task_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "completed_at" timestamptz null, "revision" int not null default 1, "attempts" int not null default 0, "next_check_at" timestamptz null, "lease_until" timestamptz null, "lease_owner" varchar(100) null, "deadline_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "image_tasks" add constraint "image_tasks_task_id_unique" unique ("task_id");`);
    this.addSql(`create index "image_tasks_provider_task_id_index" on "image_tasks" ("provider_task_id");`);
    this.addSql(`create index "image_tasks_user_created_idx" on "image_tasks" ("user_id", "created_at");`);
    this.addSql(`create index "image_tasks_due_idx" on "image_tasks" ("status", "next_check_at");`);

    this.addSql(
      `alter table "image_tasks" add constraint "image_tasks_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "image_tasks" add constraint "image_tasks_kie_api_id_foreign" foreign key ("kie_api_id") references "kie_apis" ("id") on delete set null;`,
    );
    this.addSql(`alter table "image_tasks" add constraint "image_tasks_provider_check" check ("provider" in ('kie', 'sandbox'));`);
    this.addSql(
      `alter table "image_tasks" add constraint "image_tasks_model_check" check ("model" in ('nano_banana', 'nano_banana_edit', 'nano_banana_upscale'));`,
    );
    this.addSql(
      `alter table "image_tasks" add constraint "image_tasks_generation_type_check" check ("generation_type" in ('text_to_image', 'edit_image', 'upscale'));`,
    );
    this.addSql(
      `alter table "image_tasks" add constraint "image_tasks_status_check" check ("status" in ('pending', 'generating', 'completed', 'failed'));`,
    );
    this.addSql(`alter table "image_tasks" add constraint "image_tasks_created_via_check" check ("created_via" in ('web', 'api', 'n8n'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "image_tasks" drop constraint "image_tasks_kie_api_id_foreign";`);

    this.addSql(`drop table if exists "kie_apis" cascade;`);
    this.addSql(`drop table if exists "image_tasks" cascade;`);
  }
}
