-- Reminders before the site's 24-hour promise is broken, and a daily digest of open enquiries (docs/STAFF.md).
-- An outbox like enquiry_notifications (20261124090000_enquiry_notifications.sql), with the same claims, leases and
-- marks; the notifier Edge Function fills it through schedule_enquiry_reminders() on each run (it holds the settings:
-- the reminder delay, the digest hour) and then claims, sends and marks what is owed. One row per message owed:
--   reminder  the enquiry is still new after the reminder delay (20 hours unless set)
--   overdue   the enquiry is still new 24 hours after it arrived: the promise is broken
--   digest    one per calendar day in the digest's time zone, on days with open enquiries
-- A unique key per (enquiry, kind) and per digest day, written with insert ... on conflict do nothing, makes each
-- message owed at most once however often the scheduler runs; an enquiry answered or closed before its reminder goes
-- out gets none (the claim cancels it). Statuses as in the notification outbox, plus
--   cancelled  no longer owed: the enquiry was answered or closed, or no enquiry is open for the digest.
-- Visitors (anon, authenticated) get nothing: the table and its functions are for the service role.

create table public.enquiry_reminders (
  id bigint generated always as identity primary key,
  kind text not null,
  enquiry_id uuid references public.contact_submissions (id) on delete cascade,
  digest_day date,
  status text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint enquiry_reminders_kind check (kind in ('reminder', 'overdue', 'digest')),
  constraint enquiry_reminders_subject check (
    case when kind = 'digest' then enquiry_id is null and digest_day is not null else enquiry_id is not null and digest_day is null end
  ),
  constraint enquiry_reminders_status check (status in ('pending', 'sending', 'sent', 'failed', 'cancelled')),
  constraint enquiry_reminders_claimed check ((status = 'sending') = (claimed_until is not null)),
  constraint enquiry_reminders_sent check ((status = 'sent') = (sent_at is not null)),
  constraint enquiry_reminders_once unique (enquiry_id, kind)
);

comment on table public.enquiry_reminders is
  'Outbox: reminders, overdue warnings and daily digests owed to staff, filled by schedule_enquiry_reminders(). Service role only.';

create unique index enquiry_reminders_digest_once on public.enquiry_reminders (digest_day) where kind = 'digest';

create index enquiry_reminders_owed_idx
  on public.enquiry_reminders (next_attempt_at)
  where status in ('pending', 'sending');

alter table public.enquiry_reminders enable row level security;
revoke all on table public.enquiry_reminders from public, anon, authenticated;
grant select, insert, update, delete on table public.enquiry_reminders to service_role;
revoke all on sequence public.enquiry_reminders_id_seq from public, anon, authenticated;
grant usage, select on sequence public.enquiry_reminders_id_seq to service_role;

-- When the promise is broken: 24 hours after an enquiry arrived (the site says "within 24 hours"). Business hours do
-- not pause the clock.
create function public.enquiry_promise()
  returns interval
  language sql
  immutable
as $$
  select interval '24 hours';
$$;

-- Owes what is due at `moment` (now, unless a test moves the clock), once: a reminder for each enquiry still new after
-- remind_after, an overdue warning for each still new after 24 hours, and today's digest in digest_time_zone from
-- digest_hour on, when an enquiry that arrived before that hour is still open. Enquiries more than a day past the
-- promise get no warning of their own (the migration's older enquiries, a scheduler that was stopped for days): the
-- digest lists them. Returns how many messages this call owed.
create function public.schedule_enquiry_reminders(
  remind_after interval,
  digest_hour integer,
  digest_time_zone text,
  moment timestamptz default now()
)
  returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  promise constant interval := public.enquiry_promise();
  local_day date := (moment at time zone digest_time_zone)::date;
  digest_at timestamptz := (local_day + make_interval(hours => digest_hour)) at time zone digest_time_zone;
  owed integer;
  digests integer;
begin
  if remind_after is null or remind_after <= interval '0' or remind_after >= promise then
    raise exception 'schedule_enquiry_reminders: remind_after must be more than 0 and less than %, not %', promise, remind_after
      using errcode = '22023';
  end if;
  if digest_hour is null or digest_hour not between 0 and 23 then
    raise exception 'schedule_enquiry_reminders: digest_hour must be from 0 to 23, not %', digest_hour using errcode = '22023';
  end if;

  insert into public.enquiry_reminders (enquiry_id, kind, next_attempt_at)
  select s.id, due.kind, moment
  from public.contact_submissions s
  cross join lateral (
    select case when s.created_at <= moment - promise then 'overdue' else 'reminder' end as kind
  ) due
  where s.state = 'new'
    and s.created_at <= moment - remind_after
    and s.created_at > moment - promise - interval '24 hours'
  on conflict do nothing;
  get diagnostics owed = row_count;

  if moment >= digest_at and exists (
    select 1 from public.contact_submissions s where s.state = 'new' and s.created_at < digest_at
  ) then
    insert into public.enquiry_reminders (kind, digest_day, next_attempt_at)
    values ('digest', local_day, moment)
    on conflict do nothing;
    get diagnostics digests = row_count;
    owed := owed + digests;
  end if;
  return owed;
end;
$$;

-- Whether a reminder is due now: as enquiry_notification_is_due, for this outbox.
create function public.enquiry_reminder_is_due(r public.enquiry_reminders)
  returns boolean
  language sql
  stable
as $$
  select (r.status = 'pending' and r.next_attempt_at <= pg_catalog.now())
      or (r.status = 'sending' and r.claimed_until <= pg_catalog.now());
$$;

-- Whether what a due row would say is still true: its enquiry is still new, or (a digest) some enquiry is open.
create function public.enquiry_reminder_still_owed(r public.enquiry_reminders)
  returns boolean
  language sql
  stable
as $$
  select case
    when r.kind = 'digest' then exists (select 1 from public.contact_submissions s where s.state = 'new')
    else exists (select 1 from public.contact_submissions s where s.id = r.enquiry_id and s.state = 'new')
  end;
$$;

-- Cancels due rows that are no longer true, then claims up to batch_size of the rest for one run, with their
-- enquiries (none for a digest), as claim_enquiry_notifications does: skip locked, a lease, the attempt counted.
create function public.claim_enquiry_reminders(batch_size integer, lease interval)
  returns table (
    reminder_id bigint,
    kind text,
    attempt integer,
    digest_day date,
    enquiry_id uuid,
    created_at timestamptz,
    name text,
    company text
  )
  language plpgsql
  set search_path = ''
as $$
begin
  update public.enquiry_reminders r
  set status = 'cancelled', claimed_until = null
  where r.id in (
    select d.id from public.enquiry_reminders d
    where public.enquiry_reminder_is_due(d) and not public.enquiry_reminder_still_owed(d)
    for update skip locked
  );

  return query
    with owed as (
      select r.id
      from public.enquiry_reminders r
      where public.enquiry_reminder_is_due(r) and public.enquiry_reminder_still_owed(r)
      order by r.next_attempt_at, r.id
      limit batch_size
      for update skip locked
    ),
    claimed as (
      update public.enquiry_reminders r
      set status = 'sending', attempts = r.attempts + 1, claimed_until = now() + lease
      from owed
      where r.id = owed.id
      returning r.id, r.kind, r.attempts, r.digest_day, r.enquiry_id, r.next_attempt_at
    )
    select c.id, c.kind, c.attempts, c.digest_day, c.enquiry_id, s.created_at, s.name, s.company
    from claimed c
    left join public.contact_submissions s on s.id = c.enquiry_id
    order by c.next_attempt_at, c.id;
end;
$$;

-- The open (new) enquiries, oldest first: what the digest lists.
create function public.open_enquiries()
  returns table (enquiry_id uuid, created_at timestamptz, name text, company text)
  language sql
  stable
  set search_path = ''
as $$
  select s.id, s.created_at, s.name, s.company
  from public.contact_submissions s
  where s.state = 'new'
  order by s.created_at, s.id;
$$;

create function public.enquiry_reminder_sent(reminder bigint)
  returns void
  language sql
  set search_path = ''
as $$
  update public.enquiry_reminders
  set status = 'sent', sent_at = coalesce(sent_at, now()), claimed_until = null, last_error = null
  where id = reminder;
$$;

create function public.enquiry_reminder_failed(reminder bigint, attempt integer, reason text, retry_at timestamptz)
  returns void
  language sql
  set search_path = ''
as $$
  update public.enquiry_reminders
  set status = case when retry_at is null then 'failed' else 'pending' end,
      next_attempt_at = coalesce(retry_at, next_attempt_at),
      claimed_until = null,
      last_error = left(reason, 1000)
  where id = reminder and status = 'sending' and attempts = attempt;
$$;

-- Supabase's default privileges grant EXECUTE on every new function in public to anon and authenticated explicitly
-- (20261126090000_enquiry_edge_cases.sql), so each is revoked from them by name, not only from public.
revoke all on function public.enquiry_promise() from public, anon, authenticated;
revoke all on function public.schedule_enquiry_reminders(interval, integer, text, timestamptz) from public, anon, authenticated;
revoke all on function public.enquiry_reminder_is_due(public.enquiry_reminders) from public, anon, authenticated;
revoke all on function public.enquiry_reminder_still_owed(public.enquiry_reminders) from public, anon, authenticated;
revoke all on function public.claim_enquiry_reminders(integer, interval) from public, anon, authenticated;
revoke all on function public.open_enquiries() from public, anon, authenticated;
revoke all on function public.enquiry_reminder_sent(bigint) from public, anon, authenticated;
revoke all on function public.enquiry_reminder_failed(bigint, integer, text, timestamptz) from public, anon, authenticated;
grant execute on function public.enquiry_promise() to service_role;
grant execute on function public.schedule_enquiry_reminders(interval, integer, text, timestamptz) to service_role;
grant execute on function public.enquiry_reminder_is_due(public.enquiry_reminders) to service_role;
grant execute on function public.enquiry_reminder_still_owed(public.enquiry_reminders) to service_role;
grant execute on function public.claim_enquiry_reminders(integer, interval) to service_role;
grant execute on function public.open_enquiries() to service_role;
grant execute on function public.enquiry_reminder_sent(bigint) to service_role;
grant execute on function public.enquiry_reminder_failed(bigint, integer, text, timestamptz) to service_role;

-- Waking the notifier for reminders on the hosted project: every minute while an enquiry is open or a reminder is
-- owed, Supabase Cron calls the notifier through wake_enquiry_notifier (the same Vault secrets, the same function),
-- which schedules what is due with its settings and sends it. Where pg_net or Vault is missing this does nothing (the
-- local backend's timer runs the same step).
create function public.wake_enquiry_reminders()
  returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if exists (select 1 from public.contact_submissions s where s.state = 'new')
     or exists (select 1 from public.enquiry_reminders r where public.enquiry_reminder_is_due(r)) then
    perform public.wake_enquiry_notifier(false);
  end if;
end;
$$;

revoke all on function public.wake_enquiry_reminders() from public, anon, authenticated;
grant execute on function public.wake_enquiry_reminders() to service_role;

do $$
begin
  create extension if not exists pg_cron;
  perform cron.schedule('enquiry-reminders', '* * * * *', 'select public.wake_enquiry_reminders()');
exception when others then
  raise notice 'pg_cron is not available here (%): the local backend sends reminders on its timer instead.', sqlerrm;
end;
$$;
