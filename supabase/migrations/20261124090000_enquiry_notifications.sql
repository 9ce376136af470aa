-- Every stored enquiry is e-mailed to staff. The insert that stores an enquiry also records, in the same
-- transaction, that its notification is owed (an outbox row), so no enquiry can be stored without one.
-- The Edge Function notify-enquiry (supabase/functions/notify-enquiry/) claims owed notifications, sends them
-- and marks them; the local backend runs the same code against PGlite.
--
-- A notification is
--   pending  owed; due at next_attempt_at
--   sending  claimed by a run until claimed_until; a run that dies leaves it to be claimed again after that
--   sent     delivered to the mail server (sent_at)
--   failed   given up after the last attempt; last_error says why; retry_failed_enquiry_notifications() owes it again
-- Visitors (anon, authenticated) get nothing: the table, the claim and the marks are for the service role.

create table public.enquiry_notifications (
  enquiry_id uuid primary key references public.contact_submissions (id) on delete cascade,
  status text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint enquiry_notifications_status check (status in ('pending', 'sending', 'sent', 'failed')),
  constraint enquiry_notifications_claimed check ((status = 'sending') = (claimed_until is not null)),
  constraint enquiry_notifications_sent check ((status = 'sent') = (sent_at is not null))
);

comment on table public.enquiry_notifications is
  'Outbox: one staff e-mail owed per enquiry, filled by a trigger on contact_submissions. Service role only.';

create index enquiry_notifications_owed_idx
  on public.enquiry_notifications (next_attempt_at)
  where status in ('pending', 'sending');

alter table public.enquiry_notifications enable row level security;
revoke all on table public.enquiry_notifications from public, anon, authenticated;
grant select, insert, update, delete on table public.enquiry_notifications to service_role;

-- The outbox row, written by the same insert as the enquiry (as the table's owner: visitors cannot write it).
create function public.contact_submissions_owe_notification()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.enquiry_notifications (enquiry_id) values (new.id);
  return new;
end;
$$;

revoke all on function public.contact_submissions_owe_notification() from public, anon, authenticated;

create trigger contact_submissions_owe_notification
  after insert on public.contact_submissions
  for each row
  execute function public.contact_submissions_owe_notification();

-- Enquiries stored before notifications existed are owed one too: nobody may have read them yet.
insert into public.enquiry_notifications (enquiry_id, created_at)
select id, created_at from public.contact_submissions
on conflict do nothing;

-- Whether a notification is due now: owed and past its next attempt, or claimed by a run whose lease has run out.
-- One definition for the claim and for the scheduler's "is anything owed?"; a plain SQL function without a SET
-- clause (names are qualified instead), so the planner inlines it into either query.
create function public.enquiry_notification_is_due(n public.enquiry_notifications)
  returns boolean
  language sql
  stable
as $$
  select (n.status = 'pending' and n.next_attempt_at <= pg_catalog.now())
      or (n.status = 'sending' and n.claimed_until <= pg_catalog.now());
$$;

-- Claims up to batch_size owed notifications for one run and returns them with their enquiries. Rows another run
-- is claiming at the same moment are skipped (skip locked), and a claimed row is not owed again until its lease ends,
-- so two runs never send the same notification, unless one dies after sending and before marking it (then the
-- lease runs out and it is sent once more, with the same Message-ID).
create function public.claim_enquiry_notifications(batch_size integer, lease interval)
  returns table (
    enquiry_id uuid,
    attempt integer,
    created_at timestamptz,
    name text,
    email text,
    company text,
    phone text,
    service text,
    message text
  )
  language sql
  set search_path = ''
as $$
  with owed as (
    select n.enquiry_id
    from public.enquiry_notifications n
    where public.enquiry_notification_is_due(n)
    order by n.next_attempt_at, n.enquiry_id
    limit batch_size
    for update skip locked
  ),
  claimed as (
    update public.enquiry_notifications n
    set status = 'sending', attempts = n.attempts + 1, claimed_until = now() + lease
    from owed
    where n.enquiry_id = owed.enquiry_id
    returning n.enquiry_id, n.attempts, n.next_attempt_at
  )
  select c.enquiry_id, c.attempts, s.created_at, s.name, s.email, s.company, s.phone, s.service, s.message
  from claimed c
  join public.contact_submissions s on s.id = c.enquiry_id
  order by c.next_attempt_at, c.enquiry_id;
$$;

-- Marks a notification delivered. Whichever run delivered it, it is delivered: no condition on the claim.
create function public.enquiry_notification_sent(notification uuid)
  returns void
  language sql
  set search_path = ''
as $$
  update public.enquiry_notifications
  set status = 'sent', sent_at = coalesce(sent_at, now()), claimed_until = null, last_error = null
  where enquiry_id = notification;
$$;

-- Records a failed attempt: owed again at retry_at, or failed for good when retry_at is null. Only the run holding
-- that attempt's claim may record it, so a late failure never undoes another run's delivery.
create function public.enquiry_notification_failed(notification uuid, attempt integer, reason text, retry_at timestamptz)
  returns void
  language sql
  set search_path = ''
as $$
  update public.enquiry_notifications
  set status = case when retry_at is null then 'failed' else 'pending' end,
      next_attempt_at = coalesce(retry_at, next_attempt_at),
      claimed_until = null,
      last_error = left(reason, 1000)
  where enquiry_id = notification and status = 'sending' and attempts = attempt;
$$;

-- For staff, after fixing what made notifications fail (a wrong password, a full mailbox): owe them all again.
create function public.retry_failed_enquiry_notifications()
  returns integer
  language sql
  set search_path = ''
as $$
  with owed_again as (
    update public.enquiry_notifications
    set status = 'pending', attempts = 0, next_attempt_at = now()
    where status = 'failed'
    returning 1
  )
  select count(*)::integer from owed_again;
$$;

revoke all on function public.enquiry_notification_is_due(public.enquiry_notifications) from public, anon, authenticated;
revoke all on function public.claim_enquiry_notifications(integer, interval) from public, anon, authenticated;
revoke all on function public.enquiry_notification_sent(uuid) from public, anon, authenticated;
revoke all on function public.enquiry_notification_failed(uuid, integer, text, timestamptz) from public, anon, authenticated;
revoke all on function public.retry_failed_enquiry_notifications() from public, anon, authenticated;
grant execute on function public.enquiry_notification_is_due(public.enquiry_notifications) to service_role;
grant execute on function public.claim_enquiry_notifications(integer, interval) to service_role;
grant execute on function public.enquiry_notification_sent(uuid) to service_role;
grant execute on function public.enquiry_notification_failed(uuid, integer, text, timestamptz) to service_role;
grant execute on function public.retry_failed_enquiry_notifications() to service_role;

-- Waking the Edge Function on the hosted project: a Database Webhook on the outbox (right after each insert) and a
-- Supabase Cron job every minute (the safety net for a call that was lost), both calling the function through pg_net
-- with the URL and token kept in Supabase Vault (docs/OPERATIONS.md, "Staff notifications", sets them once per project).
-- Where pg_net or Vault is missing (PGlite, plain PostgreSQL) or the secrets are not set, waking does nothing: the
-- local backend runs the notifier itself. A failure here never fails the visitor's insert.
create function public.wake_enquiry_notifier(only_when_owed boolean)
  returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  function_url text;
  token text;
begin
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    return;
  end if;
  if only_when_owed and not exists (
    select 1 from public.enquiry_notifications n where public.enquiry_notification_is_due(n)
  ) then
    return;
  end if;
  execute $sql$select decrypted_secret from vault.decrypted_secrets where name = 'notify_enquiry_url'$sql$ into function_url;
  execute $sql$select decrypted_secret from vault.decrypted_secrets where name = 'notify_enquiry_token'$sql$ into token;
  if function_url is null or token is null then
    raise warning 'wake_enquiry_notifier: set the Vault secrets notify_enquiry_url and notify_enquiry_token (README, "Staff notifications")';
    return;
  end if;
  -- pg_net queues the request and sends it after the transaction commits, so the insert does not wait for it.
  execute $sql$select net.http_post(url := $1, body := '{}'::jsonb, headers := $2, timeout_milliseconds := 10000)$sql$
    using function_url, jsonb_build_object('content-type', 'application/json', 'authorization', 'Bearer ' || token);
exception when others then
  raise warning 'wake_enquiry_notifier: % (%)', sqlerrm, sqlstate;
end;
$$;

revoke all on function public.wake_enquiry_notifier(boolean) from public, anon, authenticated;
grant execute on function public.wake_enquiry_notifier(boolean) to service_role;

create function public.enquiry_notifications_wake()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform public.wake_enquiry_notifier(false);
  return null;
end;
$$;

revoke all on function public.enquiry_notifications_wake() from public, anon, authenticated;

create trigger enquiry_notifications_wake
  after insert on public.enquiry_notifications
  for each statement
  execute function public.enquiry_notifications_wake();

-- pg_net, which Supabase ships but does not enable by default; elsewhere the migration goes on and says so.
do $$
begin
  create extension if not exists pg_net;
exception when others then
  raise notice 'pg_net is not available here (%): the local backend runs the notifier after each insert instead.', sqlerrm;
end;
$$;

-- Every minute with pg_cron (Supabase Cron), where available; elsewhere the migration goes on and says so.
do $$
begin
  create extension if not exists pg_cron;
  perform cron.schedule(
    'notify-enquiry-safety-net',
    '* * * * *',
    'select public.wake_enquiry_notifier(true)'
  );
exception when others then
  raise notice 'pg_cron is not available here (%): the local backend runs the notifier on a timer instead.', sqlerrm;
end;
$$;
