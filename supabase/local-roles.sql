-- The API roles every hosted Supabase project already has, for plain PostgreSQL and PGlite
-- (the local backend and the database tests). Not a migration: hosted projects never run it.
-- Safe to run repeatedly; roles are cluster-wide, so an existing role is left as it is.
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

grant usage on schema public to anon, authenticated, service_role;
