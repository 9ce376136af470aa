-- Enquiries from the contact form. Anonymous visitors may only insert; only the company
-- (service_role, which bypasses RLS) may read, change or delete them.
-- Applies unchanged to projects with the old permissive default privileges
-- (`grant all on tables to anon, authenticated`) and to projects with explicit grants,
-- because it revokes everything first and then grants column by column.

create table public.contact_submissions (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null,
  email text not null,
  company text,
  phone text,
  service text,
  message text not null,
  -- Filled by the rate-limit trigger from the request headers, never by the client.
  client_address text,

  -- Bounds mirror src/config/enquiry.ts (enquiryLimits, serviceChoices).
  -- `~ '\S'` means "not blank": at least one character that is not whitespace.
  constraint contact_submissions_name_length
    check (name ~ '\S' and char_length(name) <= 200),
  constraint contact_submissions_email_length
    check (char_length(email) <= 254),
  constraint contact_submissions_email_shape
    check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  constraint contact_submissions_company_length
    check (company ~ '\S' and char_length(company) <= 200),
  constraint contact_submissions_phone_length
    check (char_length(phone) <= 40),
  constraint contact_submissions_phone_characters
    check (phone ~ '^[0-9+(). /-]+$' and phone ~ '[0-9]'),
  constraint contact_submissions_service_choice
    check (service in (
      'Data Migration Services',
      'Implementation Services',
      'Microsoft Dynamics 365',
      'Cybersecurity Solutions',
      'Cloud Infrastructure',
      'Technical Support',
      'IT Consulting',
      'Custom Software Development',
      'Other'
    )),
  constraint contact_submissions_message_length
    check (message ~ '\S' and char_length(message) <= 5000),
  constraint contact_submissions_client_address_length
    check (char_length(client_address) <= 100)
);

comment on table public.contact_submissions is
  'Contact form enquiries. Insert-only for anon; read by staff with the service_role key.';

create index contact_submissions_email_recent_idx
  on public.contact_submissions (lower(email), created_at);
create index contact_submissions_client_address_recent_idx
  on public.contact_submissions (client_address, created_at)
  where client_address is not null;

alter table public.contact_submissions enable row level security;

revoke all on table public.contact_submissions from public, anon, authenticated;
-- The client generates `id` so that a retried insert of the same enquiry is rejected as a
-- duplicate (23505) instead of stored twice; created_at and client_address stay server-side.
grant insert (id, name, email, company, phone, service, message)
  on table public.contact_submissions to anon;
grant select, insert, update, delete on table public.contact_submissions to service_role;

create policy "Visitors can submit enquiries"
  on public.contact_submissions
  as permissive
  for insert
  to anon
  with check (true);

-- Rate limits, per rolling window:
--   5 enquiries per email address per 10 minutes (a person resubmitting is fine; a script is not);
--  20 enquiries per client address per 10 minutes (an office behind one NAT still fits).
-- The client address comes from PostgREST's request.headers: cf-connecting-ip (set by the
-- CDN, not forgeable) first, else the first x-forwarded-for entry. Requests without either
-- header (SQL clients, imports) are limited per email only.
-- The error uses SQLSTATE P0001 on purpose: PostgREST answers P0001 with 400, while other
-- P0xxx codes become 500 and PTxxx codes would become 4xx statuses that clients retry.
create function public.contact_submissions_rate_limit()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  email_limit constant integer := 5;
  address_limit constant integer := 20;
  rate_window constant interval := interval '10 minutes';
  headers json := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json;
  address text := coalesce(
    nullif(btrim(headers ->> 'cf-connecting-ip'), ''),
    nullif(btrim(split_part(headers ->> 'x-forwarded-for', ',', 1)), '')
  );
begin
  new.client_address := left(address, 100);

  -- Serialise concurrent inserts for the same key so two requests cannot both see count = limit - 1.
  perform pg_advisory_xact_lock(hashtext('contact_submissions:email:' || lower(new.email)));
  if (
    select count(*)
    from public.contact_submissions
    where lower(email) = lower(new.email)
      and created_at > now() - rate_window
  ) >= email_limit then
    raise exception using
      errcode = 'P0001',
      message = 'Too many enquiries from this email address, please try again later',
      detail = format('At most %s enquiries per email address in %s.', email_limit, rate_window),
      hint = 'Wait a few minutes before sending another enquiry.';
  end if;

  if new.client_address is not null then
    perform pg_advisory_xact_lock(hashtext('contact_submissions:address:' || new.client_address));
    if (
      select count(*)
      from public.contact_submissions
      where client_address = new.client_address
        and created_at > now() - rate_window
    ) >= address_limit then
      raise exception using
        errcode = 'P0001',
        message = 'Too many enquiries from this address, please try again later',
        detail = format('At most %s enquiries per client address in %s.', address_limit, rate_window),
        hint = 'Wait a few minutes before sending another enquiry.';
    end if;
  end if;

  return new;
end;
$$;

revoke all on function public.contact_submissions_rate_limit() from public, anon, authenticated;

create trigger contact_submissions_rate_limit
  before insert on public.contact_submissions
  for each row
  execute function public.contact_submissions_rate_limit();
