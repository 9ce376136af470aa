-- Each staff e-mail, reminder, overdue warning and digest is sent at most once, even when the notifier is killed
-- between giving a message to the mail server and marking it sent (issue 44, point 6). Before, such a row stayed
-- 'sending' and was claimed again once its lease ran out, so the message went out a second time.
-- Both outboxes (20261124090000_enquiry_notifications.sql, 20261128100000_enquiry_reminders.sql) gain a status
--   handed  given to the mail server by the run holding the claim, not yet marked sent
-- The notifier marks a claimed row handed just before it sends it, and a handed row is never claimed again. A run
-- that dies after that leaves the row handed: the message may or may not have gone out, and it is not sent again.
-- That is the choice: at most once after the hand-off, and visible (docs/STAFF.md says what staff do about it).
-- A failure the mail server reports (refused, unreachable) still comes back to the run, which marks it for a retry.

alter table public.enquiry_notifications
  drop constraint enquiry_notifications_status,
  add constraint enquiry_notifications_status check (status in ('pending', 'sending', 'handed', 'sent', 'failed'));

alter table public.enquiry_reminders
  drop constraint enquiry_reminders_status,
  add constraint enquiry_reminders_status check (status in ('pending', 'sending', 'handed', 'sent', 'failed', 'cancelled'));

-- Marks a claimed notification as given to the mail server, just before it is. False when this attempt's claim has
-- run out or was taken over meanwhile: the run must not send it then.
create function public.enquiry_notification_handed(notification uuid, attempt integer)
  returns boolean
  language plpgsql
  set search_path = ''
as $$
begin
  update public.enquiry_notifications
  set status = 'handed', claimed_until = null
  where enquiry_id = notification and status = 'sending' and attempts = attempt and claimed_until > now();
  return found;
end;
$$;

-- The same for a reminder, overdue warning or digest.
create function public.enquiry_reminder_handed(reminder bigint, attempt integer)
  returns boolean
  language plpgsql
  set search_path = ''
as $$
begin
  update public.enquiry_reminders
  set status = 'handed', claimed_until = null
  where id = reminder and status = 'sending' and attempts = attempt and claimed_until > now();
  return found;
end;
$$;

-- A failed attempt may now be recorded from 'handed' too: the mail server said no, or could not be reached, so the
-- message did not go out and is owed again. Otherwise as before: only that attempt's run may record it.
create or replace function public.enquiry_notification_failed(notification uuid, attempt integer, reason text, retry_at timestamptz)
  returns void
  language sql
  set search_path = ''
as $$
  update public.enquiry_notifications
  set status = case when retry_at is null then 'failed' else 'pending' end,
      next_attempt_at = coalesce(retry_at, next_attempt_at),
      claimed_until = null,
      last_error = left(reason, 1000)
  where enquiry_id = notification and status in ('sending', 'handed') and attempts = attempt;
$$;

create or replace function public.enquiry_reminder_failed(reminder bigint, attempt integer, reason text, retry_at timestamptz)
  returns void
  language sql
  set search_path = ''
as $$
  update public.enquiry_reminders
  set status = case when retry_at is null then 'failed' else 'pending' end,
      next_attempt_at = coalesce(retry_at, next_attempt_at),
      claimed_until = null,
      last_error = left(reason, 1000)
  where id = reminder and status in ('sending', 'handed') and attempts = attempt;
$$;

-- enquiry_notification_sent and enquiry_reminder_sent mark any row sent, so a handed one too: unchanged.

revoke all on function public.enquiry_notification_handed(uuid, integer) from public, anon, authenticated;
revoke all on function public.enquiry_reminder_handed(bigint, integer) from public, anon, authenticated;
grant execute on function public.enquiry_notification_handed(uuid, integer) to service_role;
grant execute on function public.enquiry_reminder_handed(bigint, integer) to service_role;
