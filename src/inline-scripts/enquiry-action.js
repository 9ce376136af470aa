/*
 * The staff confirmation page (/staff/enquiry), as a classic inline script placed right after its box: it sends the
 * link's parameters from the page's own address to the enquiry-action function (the box's data-function), shows the
 * enquiry's name, company, age and history, and on a press of the button records the link's action. Opening the page
 * changes nothing (a mail scanner that follows the link must not answer an enquiry); only the button does. While the
 * function offers it (this link's change, the latest, within the undo window), the Undo button undoes that change.
 * An "I'll take it" link (action=own, one per person) takes the enquiry for its person, and their page can hand it over.
 * Kept short and in plain JavaScript because pages/staff/enquiry.astro inlines this file as it is.
 */
((box) => {
  const part = (name) => box.querySelector(`[data-${name}]`);
  const [status, details, form, undoForm, historyBox, history, handOver] = ['status', 'details', 'form', 'undo', 'history-box', 'history', 'hand-over'].map(part);
  part('needs-script').hidden = true;
  const button = form.querySelector('button');
  const undoButton = undoForm.querySelector('button');
  const search = new URLSearchParams(location.search);
  const link = {};
  for (const key of ['enquiry', 'action', 'expires', 'signature', 'owner']) link[key] = search.get(key) || '';
  if (!link.owner) delete link.owner;
  const owning = link.action === 'own';
  button.textContent = owning ? 'Take this enquiry' : link.action === 'closed' ? 'Close, no answer needed' : 'Mark as answered';
  // Who takes it is the link's person: no name to type.
  part('by').hidden = owning;
  const when = (iso) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const age = (seconds) => {
    const [count, unit] = seconds < 3600 ? [Math.floor(seconds / 60), 'minute'] : seconds < 172800 ? [Math.floor(seconds / 3600), 'hour'] : [Math.floor(seconds / 86400), 'day'];
    return `${count} ${unit}${count === 1 ? '' : 's'}`;
  };
  const say = (text) => {
    status.textContent = text;
  };
  const ask = async (request) => {
    try {
      const response = await fetch(box.dataset.function, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...link, ...request }),
      });
      return await response.json();
    } catch {
      return { outcome: 'offline', message: 'Nothing was changed: the page could not reach the website’s server. Check your connection and reload the page.' };
    }
  };
  const how = { link: 'from an e-mail link', command: 'with npm run enquiries' };
  const showHistory = (events) => {
    if (!events) return;
    history.replaceChildren(
      ...events.map((event) => {
        const item = document.createElement('li');
        const undone = event.undoneAt ? `; undone ${when(event.undoneAt)} by ${event.undoneBy}` : '';
        const what = event.owner ? (event.from ? `handed over from ${event.from} to ${event.owner}` : `taken by ${event.owner}`) : `marked ${event.state} by ${event.by}`;
        item.textContent = `${when(event.at)}: ${what}, ${how[event.via] || event.via}${undone}`;
        return item;
      }),
    );
    historyBox.hidden = events.length === 0;
  };
  let undo = null;
  const report = (answer) => {
    const { enquiry, changedBy, changedAt } = answer;
    if (enquiry) {
      part('name').textContent = enquiry.name;
      part('company').textContent = enquiry.company || '(not given)';
      part('age').textContent = `${age(enquiry.ageSeconds)} ago (${when(enquiry.receivedAt)})`;
      details.hidden = false;
    }
    say(changedAt ? `${answer.message} By ${changedBy}, ${when(changedAt)}.` : answer.message || '');
    if ('owner' in answer) {
      part('owner').textContent = answer.owner ? `${answer.owner.name}, since ${when(answer.owner.at)}` : 'Nobody has taken it yet';
      part('owner').hidden = part('owner-term').hidden = false;
      if (answer.you) button.textContent = `Take this enquiry as ${answer.you}`;
      const choices = answer.handOverTo || [];
      handOver.elements.to.replaceChildren(...choices.map(({ name, address }) => new Option(name, address)));
      handOver.hidden = choices.length === 0;
    }
    showHistory(answer.history);
    // Not reached: the button pressed stays, to press again later.
    if (answer.outcome === 'unavailable' || answer.outcome === 'offline') return;
    undo = answer.undo || null;
    undoForm.hidden = !undo;
    if (undo) part('undo-until').textContent = `Pressed by mistake? You can undo this until ${when(undo.until)}.`;
    // The button is offered while the enquiry is new (on opening, and again after an undo); to take it, while nobody owns it.
    form.hidden = answer.state !== 'new' || (owning && !!answer.owner);
  };
  ask({ confirm: false }).then((answer) => {
    report(answer);
    if (answer.outcome !== 'open') return;
    if (owning && answer.owner) say(answer.handOverTo.length > 0 ? 'You own this enquiry.' : `${answer.owner.name} owns this enquiry.`);
    else if (answer.state !== 'new') say('This enquiry is already answered or closed: nobody needs to take it.');
    else if (answer.history.length === 0) say('Nothing has been recorded yet. Check the enquiry, then press the button.');
    else say(owning ? 'Nobody owns this enquiry. Check it, then press the button.' : 'The last change was undone: the enquiry is new. Check it, then press the button.');
  });
  handOver.onsubmit = async (event) => {
    event.preventDefault();
    const sendButton = handOver.querySelector('button');
    sendButton.disabled = true;
    say('Handing over…');
    report(await ask({ handOverTo: handOver.elements.to.value }));
    sendButton.disabled = false;
  };
  form.onsubmit = async (event) => {
    event.preventDefault();
    button.disabled = true;
    say('Recording…');
    report(await ask({ confirm: true, by: form.elements.by.value }));
    button.disabled = false;
  };
  undoForm.onsubmit = async (event) => {
    event.preventDefault();
    undoButton.disabled = true;
    say('Undoing…');
    report(await ask({ undo: undo.event, by: form.elements.by.value }));
    undoButton.disabled = false;
  };
})
