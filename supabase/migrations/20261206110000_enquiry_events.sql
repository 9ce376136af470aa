-- Every change of an enquiry's state is an event (who, when, how: a staff e-mail's link or npm run enquiries), and the
-- latest may be undone for a while, from the link's page or with npm run enquiries -- --undo (docs/STAFF.md).
-- Only the service role reads events or calls these functions; visitors see nothing of them.
-- The kind column has one value for now, 'state'; owners of enquiries will add 'owner' to its check.

create table public.enquiry_events (
  id bigint generated always as identity primary key,
  enquiry_id uuid not null references public.contact_submissions (id) on delete cascade,
  at timestamptz not null default now(),
  kind text not null,
  from_value text,
  to_value text,
  by text not null,
  via text not null,
  undone_at timestamptz,
  undone_by text,
  constraint enquiry_events_kind check (kind in ('state')),
  constraint enquiry_events_via check (via in ('link', 'command')),
  constraint enquiry_events_by_length check (char_length(by) <= 200 and char_length(undone_by) <= 200),
  constraint enquiry_events_undone check ((undone_at is null) = (undone_by is null))
);

comment on table public.enquiry_events is
  'Every change of an enquiry''s state: who, when, how (link or command); the latest may be undone. Service role only.';

create index enquiry_events_enquiry_idx on public.enquiry_events (enquiry_id, id);

alter table public.enquiry_events enable row level security;
revoke all on table public.enquiry_events from public, anon, authenticated;
-- The functions below run as their caller, so the service role inserts and updates through them.
grant select, insert, update on table public.enquiry_events to service_role;
revoke all on sequence public.enquiry_events_id_seq from public, anon, authenticated;
grant usage, select on sequence public.enquiry_events_id_seq to service_role;

-- Enquiries answered or closed before events existed get theirs, so their history is not empty: the links were the
-- only way to change a state then.
insert into public.enquiry_events (enquiry_id, at, kind, from_value, to_value, by, via)
select s.id, s.state_changed_at, 'state', 'new', s.state, coalesce(s.state_changed_by, 'unknown'), 'link'
from public.contact_submissions s
where s.state <> 'new'
order by s.state_changed_at, s.id;

-- How long a change may be undone: long enough to notice a wrong press, short enough that the response-time report
-- does not change under whoever read it.
create function public.enquiry_undo_window()
  returns interval
  language sql
  immutable
as $$
  select interval '30 minutes';
$$;

-- Records that an enquiry was answered or closed, once, as set_enquiry_state did (20261128090000_enquiry_states.sql),
-- and the event: who, and how ('link' or 'command'). An enquiry already answered or closed keeps its state and gets no
-- event. No row when no enquiry has this id.
create function public.record_enquiry_state(enquiry uuid, new_state text, changed_by text, changed_via text)
  returns table (state text, state_changed_at timestamptz, state_changed_by text, changed boolean, event_id bigint)
  language plpgsql
  set search_path = ''
as $$
declare
  event bigint;
begin
  if new_state is null or new_state not in ('answered', 'closed') then
    raise exception 'record_enquiry_state: the new state must be answered or closed, not %', new_state using errcode = '22023';
  end if;
  update public.contact_submissions s
  set state = new_state, state_changed_at = now(), state_changed_by = left(changed_by, 200)
  where s.id = enquiry and s.state = 'new';
  if found then
    insert into public.enquiry_events (enquiry_id, kind, from_value, to_value, by, via)
    values (enquiry, 'state', 'new', new_state, left(changed_by, 200), changed_via)
    returning id into event;
  end if;
  return query
    select s.state, s.state_changed_at, s.state_changed_by, event is not null, event
    from public.contact_submissions s
    where s.id = enquiry;
end;
$$;

-- What the enquiry-action function deployed before this migration calls: the same, by a link.
create or replace function public.set_enquiry_state(enquiry uuid, new_state text, changed_by text)
  returns table (state text, state_changed_at timestamptz, state_changed_by text, changed boolean)
  language sql
  set search_path = ''
as $$
  select r.state, r.state_changed_at, r.state_changed_by, r.changed
  from public.record_enquiry_state(enquiry, new_state, changed_by, 'link') r;
$$;

-- Undoes an enquiry's latest change, if it is `event`, was made within the undo window and is not undone yet: the
-- state goes back to what it was, and the event says who undid it. Returns what happened, in a word: undone, too-late,
-- not-latest, already-undone or missing. The enquiry's row is locked first, so an undo and a change (or two undos)
-- at the same moment take turns, and the second sees what the first did.
create function public.undo_enquiry_event(event bigint, undone_by text)
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
  select * into e from public.enquiry_events x where x.id = event for update;
  if not found then
    return 'missing';
  end if;
  if e.undone_at is not null then
    return 'already-undone';
  end if;
  if exists (
    select 1 from public.enquiry_events later
    where later.enquiry_id = e.enquiry_id and later.id > e.id and later.undone_at is null
  ) then
    return 'not-latest';
  end if;
  if e.at < now() - public.enquiry_undo_window() then
    return 'too-late';
  end if;
  -- A state event's from_value is 'new' (a state changes only from new), so who and when go back to none.
  update public.contact_submissions s
  set state = e.from_value, state_changed_at = null, state_changed_by = null
  where s.id = e.enquiry_id;
  update public.enquiry_events x
  set undone_at = now(), undone_by = left(undo_enquiry_event.undone_by, 200)
  where x.id = event;
  return 'undone';
end;
$$;

-- Supabase's default privileges grant EXECUTE on every new function to anon and authenticated: revoked by name.
revoke all on function public.enquiry_undo_window() from public, anon, authenticated;
revoke all on function public.record_enquiry_state(uuid, text, text, text) from public, anon, authenticated;
revoke all on function public.set_enquiry_state(uuid, text, text) from public, anon, authenticated;
revoke all on function public.undo_enquiry_event(bigint, text) from public, anon, authenticated;
grant execute on function public.enquiry_undo_window() to service_role;
grant execute on function public.record_enquiry_state(uuid, text, text, text) to service_role;
grant execute on function public.set_enquiry_state(uuid, text, text) to service_role;
grant execute on function public.undo_enquiry_event(bigint, text) to service_role;
