-- A retried insert of an enquiry that is already stored skips the rate limits, so it fails on the
-- primary key (23505, "already stored", which the form treats as success) even when that stored row
-- was the one that reached the limit. Otherwise the visitor whose 5th enquiry was stored but whose
-- answer was lost would be told it failed.

create or replace function public.contact_submissions_rate_limit()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  email_limit constant integer := 5;
  address_limit constant integer := 20;
  rate_window constant interval := interval '10 minutes';
  headers json := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json;
  address text := coalesce(
    nullif(btrim(headers ->> 'cf-connecting-ip'), ''),
    nullif(btrim(split_part(headers ->> 'x-forwarded-for', ',', 1)), '')
  );
begin
  -- A retry of an enquiry that is already stored (its first answer was lost) must meet the primary key
  -- and fail with 23505, which the form counts as success, not with the rate limit it may have just reached.
  if exists (select 1 from public.contact_submissions where id = new.id) then
    return new;
  end if;

  new.client_address := left(address, 100);

  -- Serialise concurrent inserts for the same key so two requests cannot both see count = limit - 1.
  perform pg_advisory_xact_lock(hashtext('contact_submissions:email:' || lower(new.email)));
  if (
    select count(*)
    from public.contact_submissions
    where lower(email) = lower(new.email)
      and created_at > now() - rate_window
  ) >= email_limit then
    raise exception using
      errcode = 'P0001',
      message = 'Too many enquiries from this email address, please try again later',
      detail = format('At most %s enquiries per email address in %s.', email_limit, rate_window),
      hint = 'Wait a few minutes before sending another enquiry.';
  end if;

  if new.client_address is not null then
    perform pg_advisory_xact_lock(hashtext('contact_submissions:address:' || new.client_address));
    if (
      select count(*)
      from public.contact_submissions
      where client_address = new.client_address
        and created_at > now() - rate_window
    ) >= address_limit then
      raise exception using
        errcode = 'P0001',
        message = 'Too many enquiries from this address, please try again later',
        detail = format('At most %s enquiries per client address in %s.', address_limit, rate_window),
        hint = 'Wait a few minutes before sending another enquiry.';
    end if;
  end if;

  return new;
end;
$$;

revoke all on function public.contact_submissions_rate_limit() from public, anon, authenticated;
