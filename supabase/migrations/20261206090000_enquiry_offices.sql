-- Each enquiry answered by an office, on that office's working clock (docs/STAFF.md, "The office that answers"):
--   office             the office the visitor asked to answer (IN, US, GB, CA, AU); none means the headquarters (IN)
--   visitor_time_zone  the visitor's IANA time zone, as their browser reports it: staff see the visitor's time too
--   due_at             when the 24-hour promise is broken, counted on the office's working clock (the notifier sets it:
--                      the clock needs the office's holidays and closures, supabase/functions/_shared/working-clock.ts)
--   remind_at          when staff are reminded, inside the office's opening hours
--   warn_at            when the overdue warning goes out: due_at, or the office's next opening after it
-- Reminders and overdue warnings go at those times instead of at calendar hours after arrival.

alter table public.contact_submissions
  add column office text,
  add column visitor_time_zone text,
  add column due_at timestamptz,
  add column remind_at timestamptz,
  add column warn_at timestamptz,
  add constraint contact_submissions_office check (office in ('IN', 'US', 'GB', 'CA', 'AU')),
  add constraint contact_submissions_visitor_time_zone check (
    char_length(visitor_time_zone) <= 64 and visitor_time_zone ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$'
  );

comment on column public.contact_submissions.office is 'The office that answers: IN, US, GB, CA or AU; none means the headquarters.';
comment on column public.contact_submissions.due_at is 'When the 24-hour promise is broken on the office''s working clock; set by the notifier.';

-- The visitor chooses the office and their browser tells its time zone: both are the form's, like its other columns.
grant insert (office, visitor_time_zone) on public.contact_submissions to anon;

-- Stores when an enquiry is due and when its reminder and warning go, once (the first notifier run to compute them).
create function public.set_enquiry_due(enquiry uuid, due timestamptz, remind timestamptz, warn timestamptz)
  returns void
  language sql
  set search_path = ''
as $$
  update public.contact_submissions
  set due_at = due, remind_at = remind, warn_at = warn
  where id = enquiry and due_at is null;
$$;

-- The staff e-mail's claim returns the office, the visitor's time zone and the due time too: the e-mail goes to the
-- office and gives its times in the office's zone and the visitor's.
drop function public.claim_enquiry_notifications(integer, interval);
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
    message text,
    office text,
    visitor_time_zone text,
    due_at timestamptz
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
  select c.enquiry_id, c.attempts, s.created_at, s.name, s.email, s.company, s.phone, s.service, s.message, s.office, s.visitor_time_zone, s.due_at
  from claimed c
  join public.contact_submissions s on s.id = c.enquiry_id
  order by c.next_attempt_at, c.enquiry_id;
$$;

-- Owes a reminder at each open enquiry's remind_at and an overdue warning at its warn_at (both inside its office's
-- opening hours), or at the promise's calendar hours for an enquiry the notifier has not dated yet; the digest as before.
-- Replaces the body of 20261128100000_enquiry_reminders.sql's version; same arguments.
create or replace function public.schedule_enquiry_reminders(
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
    select case when coalesce(s.warn_at, s.created_at + promise) <= moment then 'overdue' else 'reminder' end as kind
  ) due
  where s.state = 'new'
    and coalesce(s.remind_at, s.created_at + remind_after) <= moment
    and coalesce(s.warn_at, s.created_at + promise) > moment - interval '24 hours'
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

-- Company closures beyond the offices' public holidays (an office's, or every office's with office null): the notifier's
-- working clocks read them. Service role only; docs/STAFF.md says how to add one.
create table public.office_closures (
  day date not null,
  office text,
  reason text not null,
  constraint office_closures_office check (office in ('IN', 'US', 'GB', 'CA', 'AU')),
  constraint office_closures_reason_length check (char_length(reason) between 1 and 200),
  constraint office_closures_once unique nulls not distinct (day, office)
);

alter table public.office_closures enable row level security;
revoke all on table public.office_closures from public, anon, authenticated;
grant select, insert, update, delete on table public.office_closures to service_role;

-- Supabase's default privileges grant EXECUTE on every new function to anon and authenticated: revoked by name.
revoke all on function public.claim_enquiry_notifications(integer, interval) from public, anon, authenticated;
revoke all on function public.set_enquiry_due(uuid, timestamptz, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.schedule_enquiry_reminders(interval, integer, text, timestamptz) from public, anon, authenticated;
grant execute on function public.claim_enquiry_notifications(integer, interval) to service_role;
grant execute on function public.set_enquiry_due(uuid, timestamptz, timestamptz, timestamptz) to service_role;
grant execute on function public.schedule_enquiry_reminders(interval, integer, text, timestamptz) to service_role;
