/*
 * The staff confirmation page (/staff/enquiry), as a classic inline script placed right after its box: it sends the
 * link's parameters from the page's own address to the enquiry-action function (the box's data-function), shows the
 * enquiry's name, company and age, and on a press of the button records the link's action. Opening the page changes
 * nothing (a mail scanner that follows the link must not answer an enquiry); only the button does. Kept short and in
 * plain JavaScript because pages/staff/enquiry.astro inlines this file as it is.
 */
((box) => {
  const part = (name) => box.querySelector(`[data-${name}]`);
  const [status, details, form] = ['status', 'details', 'form'].map(part);
  part('needs-script').hidden = true;
  const button = form.querySelector('button');
  const search = new URLSearchParams(location.search);
  const link = {};
  for (const key of ['enquiry', 'action', 'expires', 'signature']) link[key] = search.get(key) || '';
  button.textContent = link.action === 'closed' ? 'Close, no answer needed' : 'Mark as answered';
  const when = (iso) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const age = (seconds) => {
    const [count, unit] = seconds < 3600 ? [Math.floor(seconds / 60), 'minute'] : seconds < 172800 ? [Math.floor(seconds / 3600), 'hour'] : [Math.floor(seconds / 86400), 'day'];
    return `${count} ${unit}${count === 1 ? '' : 's'}`;
  };
  const say = (text) => {
    status.textContent = text;
  };
  const ask = async (confirm, by) => {
    try {
      const response = await fetch(box.dataset.function, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...link, confirm, by }),
      });
      return await response.json();
    } catch {
      return { outcome: 'offline', message: 'Nothing was changed: the page could not reach the website’s server. Check your connection and reload the page.' };
    }
  };
  const report = (answer) => {
    const { enquiry, changedBy, changedAt } = answer;
    if (enquiry) {
      part('name').textContent = enquiry.name;
      part('company').textContent = enquiry.company || '(not given)';
      part('age').textContent = `${age(enquiry.ageSeconds)} ago (${when(enquiry.receivedAt)})`;
      details.hidden = false;
    }
    say(changedAt ? `${answer.message} By ${changedBy}, ${when(changedAt)}.` : answer.message || '');
  };
  ask(false).then((answer) => {
    report(answer);
    if (answer.outcome === 'open') {
      say('Nothing has been recorded yet. Check the enquiry, then press the button.');
      form.hidden = false;
    }
  });
  form.onsubmit = async (event) => {
    event.preventDefault();
    button.disabled = true;
    say('Recording…');
    const answer = await ask(true, form.elements.by.value);
    form.hidden = answer.outcome !== 'unavailable' && answer.outcome !== 'offline';
    button.disabled = false;
    report(answer);
  };
})
