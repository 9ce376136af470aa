-- Every enquiry can have an owner: a person of the answering office's staff list (ENQUIRY_STAFF_<office>, a setting
-- of the functions) who took it with the "I'll take it" link of the staff e-mail, and who can hand it over to another
-- person of that list (issue 44, point 3; docs/STAFF.md, "Owning an enquiry"). Taking and handing over are events,
-- as state changes are. The reminder goes to the owner; the claim says who that is.

alter table public.contact_submissions
  add column owner_address text,
  add column owner_name text,
  add column owned_at timestamptz,
  add constraint contact_submissions_owner_length check (char_length(owner_address) <= 254 and char_length(owner_name) <= 80),
  add constraint contact_submissions_owner_whole check ((owner_address is null) = (owner_name is null) and (owner_address is null) = (owned_at is null));

comment on column public.contact_submissions.owner_address is
  'Who owns the enquiry: an address of its office''s staff list (ENQUIRY_STAFF_<office>); null while nobody has taken it.';

alter table public.enquiry_events
  drop constraint enquiry_events_kind,
  add constraint enquiry_events_kind check (kind in ('state', 'owner'));

-- Takes an open enquiry for new_owner (from_owner null: only while nobody owns it), or hands it over from from_owner
-- to new_owner (only while from_owner owns it). The caller has checked both are on the office's staff list. Returns
-- the outcome in a word (taken, handed-over, already-yours, owned, not-owner, settled) and the owner after the call;
-- no row when no enquiry has this id. The row is locked first, so two people taking at once take turns.
create function public.record_enquiry_owner(
  enquiry uuid,
  new_owner text,
  new_owner_name text,
  from_owner text,
  changed_by text,
  changed_via text
)
  returns table (outcome text, owner_address text, owner_name text, owned_at timestamptz, event_id bigint)
  language plpgsql
  set search_path = ''
as $$
declare
  s public.contact_submissions;
  result text;
  event bigint;
begin
  select * into s from public.contact_submissions x where x.id = enquiry for update;
  if not found then
    return;
  end if;
  if s.owner_address is not distinct from new_owner then
    result := 'already-yours';
  elsif s.state <> 'new' then
    result := 'settled';
  elsif from_owner is null and s.owner_address is not null then
    result := 'owned';
  elsif from_owner is not null and s.owner_address is distinct from from_owner then
    result := 'not-owner';
  else
    update public.contact_submissions x
    set owner_address = left(new_owner, 254), owner_name = left(new_owner_name, 80), owned_at = now()
    where x.id = enquiry;
    insert into public.enquiry_events (enquiry_id, kind, from_value, to_value, by, via)
    values (enquiry, 'owner', s.owner_address, left(new_owner, 254), left(changed_by, 200), changed_via)
    returning id into event;
    result := case when from_owner is null then 'taken' else 'handed-over' end;
  end if;
  return query
    select result, x.owner_address, x.owner_name, x.owned_at, event
    from public.contact_submissions x
    where x.id = enquiry;
end;
$$;

-- As 20261206110000_enquiry_events.sql's version, for changes of state only: an owner is handed over, not undone.
create or replace function public.undo_enquiry_event(event bigint, undone_by text)
  returns text
  language plpgsql
  set search_path = ''
as $$
declare
  e public.enquiry_events;
begin
  perform 1 from public.contact_submissions s
  where s.id = (select x.enquiry_id from public.enquiry_events x where x.id = event)
  for update;
  select * into e from public.enquiry_events x where x.id = event and x.kind = 'state' for update;
  if not found then
    return 'missing';
  end if;
  if e.undone_at is not null then
    return 'already-undone';
  end if;
  if exists (
    select 1 from public.enquiry_events later
    where later.enquiry_id = e.enquiry_id and later.id > e.id and later.kind = 'state' and later.undone_at is null
  ) then
    return 'not-latest';
  end if;
  if e.at < now() - public.enquiry_undo_window() then
    return 'too-late';
  end if;
  update public.contact_submissions s
  set state = e.from_value, state_changed_at = null, state_changed_by = null
  where s.id = e.enquiry_id;
  update public.enquiry_events x
  set undone_at = now(), undone_by = left(undo_enquiry_event.undone_by, 200)
  where x.id = event;
  return 'undone';
end;
$$;

-- As 20261206130000_digest_per_office.sql's version, with the owner of each enquiry's reminder.
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
    due_at timestamptz,
    owner_address text,
    owner_name text
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
           s.email, s.service, coalesce(s.office, c.office), s.visitor_time_zone, s.due_at, s.owner_address, s.owner_name
    from claimed c
    left join public.contact_submissions s on s.id = c.enquiry_id
    order by c.next_attempt_at, c.id;
end;
$$;

-- The open enquiries with their office, due time and owner, for each office's digest.
drop function public.open_enquiries();
create function public.open_enquiries()
  returns table (enquiry_id uuid, created_at timestamptz, name text, company text, office text, due_at timestamptz, owner_name text)
  language sql
  stable
  set search_path = ''
as $$
  select s.id, s.created_at, s.name, s.company, coalesce(s.office, 'IN'), s.due_at, s.owner_name
  from public.contact_submissions s
  where s.state = 'new'
  order by s.created_at, s.id;
$$;

-- Supabase's default privileges grant EXECUTE on every new function to anon and authenticated: revoked by name.
revoke all on function public.record_enquiry_owner(uuid, text, text, text, text, text) from public, anon, authenticated;
revoke all on function public.undo_enquiry_event(bigint, text) from public, anon, authenticated;
revoke all on function public.claim_enquiry_reminders(integer, interval) from public, anon, authenticated;
revoke all on function public.open_enquiries() from public, anon, authenticated;
grant execute on function public.record_enquiry_owner(uuid, text, text, text, text, text) to service_role;
grant execute on function public.undo_enquiry_event(bigint, text) to service_role;
grant execute on function public.claim_enquiry_reminders(integer, interval) to service_role;
grant execute on function public.open_enquiries() to service_role;
