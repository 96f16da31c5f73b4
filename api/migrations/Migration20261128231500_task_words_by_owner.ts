import { Migration } from '@mikro-orm/migrations';

// The prompt's words are indexed per owner: each word of `prompt_words` is stored as `<user_id>:<word>`, so a word
// prefix in the GIN index (`'<user_id>:astro':*`) gathers only the caller's matches. Before, a prefix gathered every
// user's matches and the rows of other users were dropped after reading them: a rare combination of words over 1M
// tasks took seconds. Words over 2,000 bytes are left out (tsvector words stop at 2,047 bytes; the key adds 37).
export class Migration20261128231500_task_words_by_owner extends Migration {
  override name = 'Migration20261128231500_task_words_by_owner';

  override up(): void | Promise<void> {
    this.addSql(`create function "image_task_words"("owner" uuid, "prompt" text) returns tsvector
      language sql immutable strict parallel safe
      as $$ select array_to_tsvector(array(select "owner"::text || ':' || "word"
                                             from unnest(tsvector_to_array(to_tsvector('simple', "prompt"))) as "word"
                                            where octet_length("word") <= 2000)) $$;`);
    this.addSql(`drop index "image_tasks_prompt_words_idx";`);
    this.addSql(`alter table "image_tasks" drop column "prompt_words";`);
    this.addSql(
      `alter table "image_tasks" add "prompt_words" tsvector generated always as (image_task_words("user_id", "prompt")) stored null;`,
    );
    this.addSql(`create index "image_tasks_prompt_words_idx" on "image_tasks" using gin ("prompt_words");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "image_tasks_prompt_words_idx";`);
    this.addSql(`alter table "image_tasks" drop column "prompt_words";`);
    this.addSql(`alter table "image_tasks" add "prompt_words" tsvector generated always as (to_tsvector('simple', "prompt")) stored null;`);
    this.addSql(`create index "image_tasks_prompt_words_idx" on "image_tasks" using gin ("prompt_words");`);
    this.addSql(`drop function "image_task_words"(uuid, text);`);
  }
}
