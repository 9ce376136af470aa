-- Enquiries that hold against abuse:
--   1. the client address comes only from the header the edge sets, stored as inet, counted by network;
--   2. the email limit counts per mailbox (letter case, a trailing dot and +tags do not make a new one);
--   3. the email limit counts per mailbox *and* network, so forged enquiries sent from elsewhere cannot
--      use up a real prospect's allowance; one network still stores at most 20 enquiries in 10 minutes;
--   4. name, company and message must contain a visible character;
--   5. the client address is kept 30 days (the privacy policy says so) and then cleared.

-- 1. Where the client address comes from.
-- Supabase serves its API through Cloudflare (a *.supabase.co request from a Cloudflare Worker can meet
-- Cloudflare's own error 1003: github.com/orgs/supabase/discussions/48342; github.com/PostgREST/postgrest/discussions/3087).
-- Cloudflare sets `CF-Connecting-IP` to "the client IP address connecting to Cloudflare" on the way to the origin
-- (developers.cloudflare.com/fundamentals/reference/http-headers/), replacing whatever a client sent. It only
-- appends that address to `X-Forwarded-For`, whose first entries stay whatever the client wrote: a request sent
-- with `X-Forwarded-For: a,b,c` reaches the origin as `a,b,c,<real address>` next to `Cf-Connecting-Ip: <real address>`
-- (github.com/cloudflare/cloudflared/issues/1426). So the first x-forwarded-for entry, which Supabase's guide
-- "Securing your API" suggests, lets a sender pick a new identity per request; it is never read here.
-- The local backend (scripts/local-backend/rest-api.ts) sets cf-connecting-ip from the socket and drops a client's copy.

-- The address a header holds, or null: brackets and a port removed, IPv4 written with leading zeros read as
-- decimal (inet's own parser), an IPv4 address written as IPv6 (::ffff:1.2.3.4) taken as the IPv4 address.
create function public.contact_submissions_client_address(raw text)
  returns inet
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  candidate text := btrim(coalesce(raw, ''));
  address inet;
begin
  if candidate ~ '^\[[^]]+\](:[0-9]+)?$' then
    candidate := substring(candidate from '^\[([^]]+)\]');
  elsif candidate ~ '^[0-9.]+:[0-9]+$' then
    candidate := split_part(candidate, ':', 1);
  end if;
  if candidate = '' or candidate ~ '/' then
    return null;
  end if;
  begin
    address := candidate::inet;
  exception when others then
    return null;
  end;
  if family(address) = 6 and address << '::ffff:0:0/96'::inet then
    address := '0.0.0.0'::inet + (address - '::ffff:0.0.0.0'::inet);
  end if;
  return address;
end;
$$;

-- What counts as one client: an IPv4 address, or an IPv6 /64 (one home or office line gets a whole /64).
create function public.contact_submissions_network(address inet)
  returns cidr
  language sql
  immutable
  set search_path = ''
as $$
  select case family(address)
    when 4 then set_masklen(address, 32)::cidr
    when 6 then network(set_masklen(address, 64))
  end;
$$;

-- 2. The mailbox an address reaches, for counting only (the stored email stays as typed): lower case,
-- without a trailing dot, without a +tag.
create function public.contact_submissions_mailbox(email text)
  returns text
  language sql
  immutable
  set search_path = ''
as $$
  select regexp_replace(regexp_replace(lower(btrim(email)), '\.+$', ''), '\+[^@]*(?=@)', '');
$$;

-- 4. True when the text has a character a reader can see: anything but white space, control and format
-- characters, default-ignorable code points (zero-width spaces and joiners, variation selectors, fillers)
-- and the blank braille pattern. The class is src/enquiry/visible-text.ts's, written out for Unicode 17 (Node 24);
-- tests/db/contact-submissions.db.test.ts checks both edges of every range against it.
create function public.contact_submissions_has_visible_text(value text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select regexp_replace(value, '[\u0001-\u0020\u007F-\u00A0\u00AD\u034F\u0600-\u0605\u061C\u06DD\u070F\u0890-\u0891\u08E2\u115F-\u1160\u1680\u17B4-\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]', '', 'g') <> '';
$$;

-- The checks and generated columns below call these as the inserting role.
revoke all on function public.contact_submissions_client_address(text) from public;
revoke all on function public.contact_submissions_network(inet) from public;
revoke all on function public.contact_submissions_mailbox(text) from public;
revoke all on function public.contact_submissions_has_visible_text(text) from public;
grant execute on function public.contact_submissions_network(inet) to anon, service_role;
grant execute on function public.contact_submissions_mailbox(text) to anon, service_role;
grant execute on function public.contact_submissions_has_visible_text(text) to anon, service_role;

drop index public.contact_submissions_email_recent_idx;
drop index public.contact_submissions_client_address_recent_idx;
alter table public.contact_submissions drop constraint contact_submissions_client_address_length;
alter table public.contact_submissions
  alter column client_address type inet using public.contact_submissions_client_address(client_address);
alter table public.contact_submissions
  add column client_network cidr generated always as (public.contact_submissions_network(client_address)) stored,
  add column email_mailbox text generated always as (public.contact_submissions_mailbox(email)) stored;
comment on column public.contact_submissions.client_address is
  'The address the enquiry came from (cf-connecting-ip), for the rate limits; cleared after 30 days.';

create index contact_submissions_network_recent_idx
  on public.contact_submissions (client_network, created_at);
create index contact_submissions_mailbox_recent_idx
  on public.contact_submissions (email_mailbox, client_network, created_at);

-- Rows stored before this migration are not checked again (not valid); every new row is.
alter table public.contact_submissions
  add constraint contact_submissions_name_visible check (public.contact_submissions_has_visible_text(name)) not valid,
  add constraint contact_submissions_company_visible check (public.contact_submissions_has_visible_text(company)) not valid,
  add constraint contact_submissions_message_visible check (public.contact_submissions_has_visible_text(message)) not valid;

-- 3. The limits, per rolling 10 minutes:
--   5 enquiries per mailbox from one network (a person resubmitting is fine; a script is not, and a sender on
--     another network cannot spend the allowance of the mailbox's owner);
--  20 enquiries per network, for requests that came through the API (an office behind one NAT still fits).
--     API requests without a usable cf-connecting-ip share one allowance, so a missing header is no way around it.
-- Inserts that did not come through the API (SQL clients, imports) have no request headers and are limited
-- per mailbox only. The messages are src/config/enquiry.ts's rateLimitMessages: the form recognises them.
-- SQLSTATE P0001, on purpose: PostgREST answers it with 400, while other P0xxx codes become 500 and PTxxx codes
-- become the statuses clients retry.
create or replace function public.contact_submissions_rate_limit()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  email_limit constant integer := 5;
  network_limit constant integer := 20;
  rate_window constant interval := interval '10 minutes';
  raw_headers text := nullif(current_setting('request.headers', true), '');
  through_api boolean := raw_headers is not null;
  headers json := coalesce(raw_headers, '{}')::json;
  sender_network cidr;
  sender_mailbox text;
  recent integer;
begin
  -- A retry of an enquiry that is already stored (its first answer was lost) must meet the primary key
  -- and fail with 23505, which the form counts as success, not with the rate limit it may have just reached.
  if exists (select 1 from public.contact_submissions where id = new.id) then
    return new;
  end if;

  new.client_address := public.contact_submissions_client_address(headers ->> 'cf-connecting-ip');
  sender_network := public.contact_submissions_network(new.client_address);
  sender_mailbox := public.contact_submissions_mailbox(new.email);

  -- Serialise concurrent inserts for the same key so two requests cannot both see count = limit - 1.
  perform pg_advisory_xact_lock(hashtext('contact_submissions:mailbox:' || sender_mailbox || ' ' || coalesce(sender_network::text, '-')));
  select count(*) into recent
  from public.contact_submissions s
  where s.email_mailbox = sender_mailbox
    and (s.client_network = sender_network or (sender_network is null and s.client_network is null))
    and s.created_at > now() - rate_window;
  if recent >= email_limit then
    raise exception using
      errcode = 'P0001',
      message = 'Too many enquiries from this email address, please try again later',
      detail = format('At most %s enquiries per email address in %s.', email_limit, rate_window),
      hint = 'Wait a few minutes before sending another enquiry, or call or email the company.';
  end if;

  if through_api then
    perform pg_advisory_xact_lock(hashtext('contact_submissions:network:' || coalesce(sender_network::text, '-')));
    select count(*) into recent
    from public.contact_submissions s
    where (s.client_network = sender_network or (sender_network is null and s.client_network is null))
      and s.created_at > now() - rate_window;
    if recent >= network_limit then
      raise exception using
        errcode = 'P0001',
        message = 'Too many enquiries from this address, please try again later',
        detail = format('At most %s enquiries per network in %s.', network_limit, rate_window),
        hint = 'Wait a few minutes before sending another enquiry, or call or email the company.';
    end if;
  end if;

  return new;
end;
$$;

revoke all on function public.contact_submissions_rate_limit() from public, anon, authenticated;

-- 5. Retention: the address serves the rate limits and the investigation of abuse; after 30 days it is cleared.
create function public.contact_submissions_forget_client_addresses()
  returns integer
  language sql
  set search_path = ''
as $$
  with forgotten as (
    update public.contact_submissions
    set client_address = null
    where client_address is not null
      and created_at < now() - interval '30 days'
    returning 1
  )
  select count(*)::integer from forgotten;
$$;

revoke all on function public.contact_submissions_forget_client_addresses() from public, anon, authenticated;
grant execute on function public.contact_submissions_forget_client_addresses() to service_role;

-- Daily at 02:30 UTC with pg_cron, which Supabase ships (and Debian packages as postgresql-15-cron). Where it
-- cannot be created (PGlite; a PostgreSQL server without it preloaded, or a database other than the one it
-- serves) the migration goes on and says so; the local backend runs the function at every start.
do $$
begin
  create extension if not exists pg_cron;
  perform cron.schedule(
    'contact-submissions-forget-client-addresses',
    '30 2 * * *',
    'select public.contact_submissions_forget_client_addresses()'
  );
exception when others then
  raise notice 'pg_cron is not available here (%): run public.contact_submissions_forget_client_addresses() daily another way.', sqlerrm;
end;
$$;
