import { type Kysely, sql } from 'kysely';

/**
 * Identity: the users of the embedded OpenID Connect provider, what the provider persists
 * (sessions, grants, codes, refresh tokens, interactions) and its keys. With an external issuer
 * these tables stay empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      name text not null,
      password_hash text not null,
      roles text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  // E-mail addresses compare without case: Ada@Example.org and ada@example.org are one account.
  await sql`create unique index users_email_idx on users (lower(email))`.execute(db);

  await sql`
    create table idp_payloads (
      model text not null,
      id text not null,
      payload jsonb not null,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      primary key (model, id)
    )
  `.execute(db);
  await sql`create index idp_payloads_grant_idx on idp_payloads (grant_id) where grant_id is not null`.execute(db);
  await sql`create index idp_payloads_uid_idx on idp_payloads (uid) where uid is not null`.execute(db);
  await sql`create index idp_payloads_user_code_idx on idp_payloads (user_code) where user_code is not null`.execute(
    db,
  );
  await sql`create index idp_payloads_expires_idx on idp_payloads (expires_at)`.execute(db);

  // Signing keys (private JWKs) and cookie secrets; the newest active one of a purpose signs.
  await sql`
    create table idp_keys (
      id text primary key,
      purpose text not null check (purpose in ('signing', 'cookie')),
      material jsonb not null,
      created_at timestamptz not null default now(),
      retired_at timestamptz
    )
  `.execute(db);
  await sql`create index idp_keys_purpose_idx on idp_keys (purpose, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idp_keys`.execute(db);
  await sql`drop table idp_payloads`.execute(db);
  await sql`drop table users`.execute(db);
}
