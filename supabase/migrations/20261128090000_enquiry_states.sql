-- Each enquiry has a state, so the 24-hour promise can be tracked (docs/OPERATIONS.md, "Staff and enquiries"):
--   new       nobody has said it is dealt with
--   answered  a member of staff replied (state_changed_by, state_changed_at)
--   closed    it needs no answer: spam, a duplicate, a job application (state_changed_by, state_changed_at)
-- Visitors still insert only the form's columns (the column grants of the first migration) and read nothing: the
-- state starts as new and only the service role changes it, through set_enquiry_state().

alter table public.contact_submissions
  add column state text not null default 'new',
  add column state_changed_at timestamptz,
  add column state_changed_by text,
  add constraint contact_submissions_state check (state in ('new', 'answered', 'closed')),
  add constraint contact_submissions_state_changed check ((state = 'new') = (state_changed_at is null)),
  add constraint contact_submissions_state_changed_by_length check (char_length(state_changed_by) <= 200);

comment on column public.contact_submissions.state is
  'new, answered or closed (needs no answer); changed by the service role through set_enquiry_state().';

-- Open enquiries, oldest first: what the reminders and the daily digest read.
create index contact_submissions_open_idx
  on public.contact_submissions (created_at)
  where state = 'new';

-- Records that an enquiry was answered or closed, once: an enquiry already answered or closed keeps its first state,
-- so a link used twice, or two people pressing at once, change nothing the second time. Returns the enquiry's state
-- after the call and whether this call changed it.
create function public.set_enquiry_state(enquiry uuid, new_state text, changed_by text)
  returns table (state text, state_changed_at timestamptz, state_changed_by text, changed boolean)
  language plpgsql
  set search_path = ''
as $$
begin
  if new_state not in ('answered', 'closed') then
    raise exception 'set_enquiry_state: the new state must be answered or closed, not %', new_state
      using errcode = '22023';
  end if;
  return query
    with updated as (
      update public.contact_submissions s
      set state = new_state, state_changed_at = now(), state_changed_by = left(changed_by, 200)
      where s.id = enquiry and s.state = 'new'
      returning s.state, s.state_changed_at, s.state_changed_by
    )
    select u.state, u.state_changed_at, u.state_changed_by, true from updated u
    union all
    select s.state, s.state_changed_at, s.state_changed_by, false
    from public.contact_submissions s
    where s.id = enquiry and not exists (select 1 from updated);
end;
$$;

revoke all on function public.set_enquiry_state(uuid, text, text) from public, anon, authenticated;
grant execute on function public.set_enquiry_state(uuid, text, text) to service_role;
