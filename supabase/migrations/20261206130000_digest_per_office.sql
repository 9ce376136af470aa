-- The daily digest per answering office, at that office's digest hour on its working days (issue 44, point 7;
-- docs/STAFF.md, "What staff receive"): London's staff read London's open enquiries at 09:00 in London, not Noida's
-- list at 03:30. The notifier works out, on each office's working clock, which offices have a digest today and from
-- when (notify-enquiry/office-digests.ts), and owes them here; each digest row names its office, once per office and
-- day. An enquiry with no office chosen is the headquarters' (IN), as its staff e-mail was.
-- A notifier older than this migration still calls schedule_enquiry_reminders with a digest hour and still gets the
-- one head-office digest (office null) it knows how to send, until it is deployed again.

alter table public.enquiry_reminders
  add column office text,
  add constraint enquiry_reminders_office check (office in ('IN', 'US', 'GB', 'CA', 'AU'));

comment on column public.enquiry_reminders.office is
  'A digest''s office (null: every office''s enquiries, as before 20261206130000_digest_per_office.sql).';

drop index public.enquiry_reminders_digest_once;
create unique index enquiry_reminders_digest_once on public.enquiry_reminders (digest_day, office) nulls not distinct where kind = 'digest';

-- Owes each office's digest for its day from the instant given, when one of its enquiries that arrived before that
-- instant is still open: digests is a JSON array of {"office": "GB", "day": "2026-12-07", "at": "2026-12-07T09:00:00Z"}.
-- Returns how many this call owed. Runs at the same time owe the same (the unique index).
create function public.schedule_office_digests(digests jsonb, moment timestamptz default now())
  returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  owed integer;
begin
  if digests is null or jsonb_typeof(digests) <> 'array' then
    raise exception 'schedule_office_digests: digests must be a JSON array, not %', digests using errcode = '22023';
  end if;
  insert into public.enquiry_reminders (kind, digest_day, office, next_attempt_at)
  select 'digest', d.day, d.office, moment
  from jsonb_to_recordset(digests) as d(office text, day date, at timestamptz)
  where moment >= d.at
    and exists (
      select 1 from public.contact_submissions s
      where s.state = 'new' and coalesce(s.office, 'IN') = d.office and s.created_at < d.at
    )
  on conflict do nothing;
  get diagnostics owed = row_count;
  return owed;
end;
$$;

-- As 20261206090000_enquiry_offices.sql's version; with no digest hour (the notifier since this migration), it owes
-- reminders and overdue warnings only, and schedule_office_digests owes the digests.
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
  digest_at timestamptz := (local_day + make_interval(hours => coalesce(digest_hour, 0))) at time zone digest_time_zone;
  owed integer;
  digests integer;
begin
  if remind_after is null or remind_after <= interval '0' or remind_after >= promise then
    raise exception 'schedule_enquiry_reminders: remind_after must be more than 0 and less than %, not %', promise, remind_after
      using errcode = '22023';
  end if;
  if digest_hour is not null and digest_hour not between 0 and 23 then
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

  if digest_hour is not null and moment >= digest_at and exists (
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

-- An office's digest stays owed while one of its enquiries is open; the rest as 20261206120000's version.
create or replace function public.enquiry_reminder_still_owed(r public.enquiry_reminders)
  returns boolean
  language sql
  stable
as $$
  select case
    when r.kind = 'digest' then exists (
      select 1 from public.contact_submissions s
      where s.state = 'new' and (r.office is null or coalesce(s.office, 'IN') = r.office)
    )
    when r.kind = 'acknowledgement' then exists (select 1 from public.contact_submissions s where s.id = r.enquiry_id)
    else exists (select 1 from public.contact_submissions s where s.id = r.enquiry_id and s.state = 'new')
  end;
$$;

-- The claim gives a digest its office (an enquiry's row its enquiry's office, as before).
create or replace function public.claim_enquiry_reminders(batch_size integer, lease interval)
  returns table (
    reminder_id bigint,
    kind text,
    attempt integer,
    digest_day date,
    enquiry_id uuid,
    created_at timestamptz,
    name text,
    company text,
    email text,
    service text,
    office text,
    visitor_time_zone text,
    due_at timestamptz
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
      returning r.id, r.kind, r.attempts, r.digest_day, r.enquiry_id, r.office, r.next_attempt_at
    )
    select c.id, c.kind, c.attempts, c.digest_day, c.enquiry_id, s.created_at, s.name, s.company,
           s.email, s.service, coalesce(s.office, c.office), s.visitor_time_zone, s.due_at
    from claimed c
    left join public.contact_submissions s on s.id = c.enquiry_id
    order by c.next_attempt_at, c.id;
end;
$$;

-- The open enquiries with their office and due time, for each office's digest.
drop function public.open_enquiries();
create function public.open_enquiries()
  returns table (enquiry_id uuid, created_at timestamptz, name text, company text, office text, due_at timestamptz)
  language sql
  stable
  set search_path = ''
as $$
  select s.id, s.created_at, s.name, s.company, coalesce(s.office, 'IN'), s.due_at
  from public.contact_submissions s
  where s.state = 'new'
  order by s.created_at, s.id;
$$;

-- Supabase's default privileges grant EXECUTE on every new function to anon and authenticated: revoked by name.
revoke all on function public.schedule_office_digests(jsonb, timestamptz) from public, anon, authenticated;
revoke all on function public.schedule_enquiry_reminders(interval, integer, text, timestamptz) from public, anon, authenticated;
revoke all on function public.enquiry_reminder_still_owed(public.enquiry_reminders) from public, anon, authenticated;
revoke all on function public.claim_enquiry_reminders(integer, interval) from public, anon, authenticated;
revoke all on function public.open_enquiries() from public, anon, authenticated;
grant execute on function public.schedule_office_digests(jsonb, timestamptz) to service_role;
grant execute on function public.schedule_enquiry_reminders(interval, integer, text, timestamptz) to service_role;
grant execute on function public.enquiry_reminder_still_owed(public.enquiry_reminders) to service_role;
grant execute on function public.claim_enquiry_reminders(integer, interval) to service_role;
grant execute on function public.open_enquiries() to service_role;
