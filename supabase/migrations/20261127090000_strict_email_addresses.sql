-- E-mail addresses as strict as the staff notifier. A hostile review stored a\u0085b@b.co, a\u00a0b@b.co,
-- a@b\u200b.co and "x"<a@b.co> through the old shape check (any text around one @ without white space as the
-- database's locale reads it), made 9 mailbox keys out of one visible mailbox with invisible characters (limit 5),
-- and each such enquiry reached staff with no Reply-To, because the notifier directs replies only to a plain address.
--   1. The address must be plain, by the notifier's own rule (supabase/functions/_shared/email-address.ts, which the
--      form checks too): ASCII only, a dot-atom local part, a host name of letters, digits and hyphens. That refuses
--      every control, format and space character (C0, C1, U+00A0, U+00AD, U+200B-U+200F, U+202A-U+202E,
--      U+2060-U+2069, U+FEFF...), quoted local parts, display names, comments and angle brackets. A host name typed in
--      its own script reaches the table in its ASCII form (xn--...): the form converts it, as browsers already do.
--   2. The mailbox key drops what a reader cannot see before anything else, so an address stored with an invisible
--      character (before this migration, or by staff with the service role) counts as the visible mailbox it shows.
-- Rows stored before stay as they are (the constraint is not valid); every new row is checked.

-- 1. The notifier's plainAddress, written out: tests/db/contact-submissions.db.test.ts gives both the same addresses
-- (every code point in the local part and in the host name among them) and expects the same answers.
create function public.contact_submissions_is_plain_address(email text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select char_length(email) <= 254 and email ~ (
    '^[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*'
    '@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
  );
$$;

-- An insert as anon evaluates the checks as anon; nobody else needs it.
revoke all on function public.contact_submissions_is_plain_address(text) from public, anon, authenticated;
grant execute on function public.contact_submissions_is_plain_address(text) to anon, service_role;

alter table public.contact_submissions
  add constraint contact_submissions_email_plain check (public.contact_submissions_is_plain_address(email)) not valid;

-- 2. The mailbox an address reaches, for counting only (the stored email stays as typed): first without the
-- characters a reader cannot see (Unicode categories Cc, Cf, Z and the default-ignorable code points, written out for
-- Unicode 17 as src/enquiry/visible-text.ts's invisible characters are; the test checks every code point), then as
-- 20261126090000_enquiry_edge_cases.sql defined it: lower case, without a trailing dot, a quoted local part unquoted,
-- without a +tag; at Gmail, without dots and at gmail.com.
create or replace function public.contact_submissions_mailbox(email text)
  returns text
  language sql
  immutable
  set search_path = ''
as $$
  with visible as (
    select regexp_replace(email, '[\u0001-\u0020\u007F-\u00A0\u00AD\u034F\u0600-\u0605\u061C\u06DD\u070F\u0890-\u0891'
      '\u08E2\u115F-\u1160\u1680\u17B4-\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164'
      '\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3'
      '\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]', '', 'g') as address
  ),
  folded as (
    select regexp_replace(lower(address), '\.+$', '') as address from visible
  ),
  parts as (
    select
      regexp_replace(translate(substring(address from '^(.*)@'), '"\', ''), '\+.*$', '') as local,
      substring(address from '@([^@]*)$') as domain,
      address
    from folded
  )
  select case
    when local is null or domain is null then address
    when domain in ('gmail.com', 'googlemail.com') then replace(local, '.', '') || '@gmail.com'
    else local || '@' || domain
  end
  from parts;
$$;

-- The stored keys are recomputed with the new rule (a generated column is computed on write only), so variants
-- written in the last 10 minutes are counted with their visible mailbox at once.
drop index public.contact_submissions_mailbox_recent_idx;
alter table public.contact_submissions drop column email_mailbox;
alter table public.contact_submissions
  add column email_mailbox text generated always as (public.contact_submissions_mailbox(email)) stored;
create index contact_submissions_mailbox_recent_idx
  on public.contact_submissions (email_mailbox, client_network, created_at);
