-- The visitor is acknowledged (issue 44, point 5; docs/STAFF.md, "What the visitor receives"): after an enquiry is
-- stored and dated, its visitor gets one plain e-mail with its reference, the service chosen, the office that answers
-- and the due time. It must not become a relay for whoever types someone else's address into the form, so it is owed
--   only for a stored enquiry: every stored row passed the rate limits (20261123200000_enquiry_abuse_limits.sql and
--     later), which refuse the insert itself;
--   at most once an hour per mailbox: only for an enquiry whose mailbox (the stored email_mailbox key, which folds
--     letter case, +tags and Gmail's dots) sent no other stored enquiry in the hour before it, so ten submissions in a
--     minute owe one acknowledgement, for the first;
--   once per enquiry, in the reminder outbox (20261128100000_enquiry_reminders.sql) as kind 'acknowledgement': the same
--     unique (enquiry, kind) key, claim, hand-off and marks, so it is never sent twice (20261206100000_reminders_sent_once.sql);
--   only within a day of the enquiry (a notifier stopped for longer, or this migration's older enquiries, owe none),
--     and only once the notifier has dated it (due_at), since the e-mail says when the answer is due.
-- What the e-mail holds of the visitor's own text is their name only (notify-enquiry/acknowledgement-message.ts).

alter table public.enquiry_reminders
  drop constraint enquiry_reminders_kind,
  add constraint enquiry_reminders_kind check (kind in ('reminder', 'overdue', 'digest', 'acknowledgement'));

-- Owes an acknowledgement for each dated enquiry of the last day whose mailbox sent no other enquiry in the hour before
-- it, once; returns how many this call owed. A function of the stored rows only, so runs at the same time owe the same.
create function public.schedule_enquiry_acknowledgements(moment timestamptz default now())
  returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  owed integer;
begin
  insert into public.enquiry_reminders (enquiry_id, kind, next_attempt_at)
  select s.id, 'acknowledgement', moment
  from public.contact_submissions s
  where s.created_at > moment - interval '24 hours'
    and s.created_at <= moment
    and s.due_at is not null
    and not exists (
      select 1
      from public.contact_submissions other
      where other.email_mailbox = s.email_mailbox
        and other.id <> s.id
        and other.created_at > s.created_at - interval '1 hour'
        and (other.created_at < s.created_at or (other.created_at = s.created_at and other.id < s.id))
    )
  on conflict do nothing;
  get diagnostics owed = row_count;
  return owed;
end;
$$;

-- Whether what a due row would say is still true. An acknowledgement stays owed while its enquiry exists, whatever its
-- state: the visitor is told it arrived even when staff answered first. The rest as before.
create or replace function public.enquiry_reminder_still_owed(r public.enquiry_reminders)
  returns boolean
  language sql
  stable
as $$
  select case
    when r.kind = 'digest' then exists (select 1 from public.contact_submissions s where s.state = 'new')
    when r.kind = 'acknowledgement' then exists (select 1 from public.contact_submissions s where s.id = r.enquiry_id)
    else exists (select 1 from public.contact_submissions s where s.id = r.enquiry_id and s.state = 'new')
  end;
$$;

-- The claim returns what an acknowledgement needs too: the visitor's address, the service chosen, the office, the
-- visitor's time zone and the due time. Otherwise as 20261128100000_enquiry_reminders.sql's version.
drop function public.claim_enquiry_reminders(integer, interval);
create function public.claim_enquiry_reminders(batch_size integer, lease interval)
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
      returning r.id, r.kind, r.attempts, r.digest_day, r.enquiry_id, r.next_attempt_at
    )
    select c.id, c.kind, c.attempts, c.digest_day, c.enquiry_id, s.created_at, s.name, s.company,
           s.email, s.service, s.office, s.visitor_time_zone, s.due_at
    from claimed c
    left join public.contact_submissions s on s.id = c.enquiry_id
    order by c.next_attempt_at, c.id;
end;
$$;

-- Supabase's default privileges grant EXECUTE on every new function to anon and authenticated: revoked by name.
revoke all on function public.schedule_enquiry_acknowledgements(timestamptz) from public, anon, authenticated;
revoke all on function public.enquiry_reminder_still_owed(public.enquiry_reminders) from public, anon, authenticated;
revoke all on function public.claim_enquiry_reminders(integer, interval) from public, anon, authenticated;
grant execute on function public.schedule_enquiry_acknowledgements(timestamptz) to service_role;
grant execute on function public.enquiry_reminder_still_owed(public.enquiry_reminders) to service_role;
grant execute on function public.claim_enquiry_reminders(integer, interval) to service_role;
