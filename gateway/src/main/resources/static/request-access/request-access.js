// The request-access form: posts the fields as JSON and shows the server's answer.
// Validation is the server's (the form is novalidate), so what it refuses is what the user reads.
'use strict';

(function () {
  const form = document.getElementById('request-access-form');
  const result = document.getElementById('request-access-result');
  const submit = document.getElementById('request-access-submit');
  if (!form || !result || !submit) {
    return;
  }

  // Shows each non-empty line as its own paragraph; textContent keeps server text inert.
  function show(outcome, lines) {
    result.setAttribute('data-outcome', outcome);
    result.textContent = '';
    lines.filter(Boolean).forEach(function (line) {
      const p = document.createElement('p');
      p.textContent = line;
      result.appendChild(p);
    });
  }

  // Retry-After is seconds, or (allowed by HTTP) a date; null when absent or unreadable.
  function retryAfterSeconds(response) {
    const value = (response.headers.get('Retry-After') || '').trim();
    if (/^\d+$/.test(value)) {
      return parseInt(value, 10);
    }
    const date = Date.parse(value);
    return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
  }

  function humanWait(seconds) {
    if (seconds < 60) {
      return 'about ' + seconds + (seconds === 1 ? ' second' : ' seconds');
    }
    const minutes = Math.ceil(seconds / 60);
    if (minutes < 120) {
      return 'about ' + minutes + (minutes === 1 ? ' minute' : ' minutes');
    }
    return 'about ' + Math.round(minutes / 60) + ' hours';
  }

  // The body as JSON, or null when it is empty or not JSON (a proxy's HTML page, say).
  async function readJson(response) {
    try {
      const text = await response.text();
      return text ? JSON.parse(text) : null;
    } catch (e) {
      return null;
    }
  }

  function field(name) {
    const element = form.elements.namedItem(name);
    return element ? element.value : '';
  }

  async function send(event) {
    event.preventDefault();
    const payload = {
      name: field('name'),
      email: field('email'),
      company: field('company'),
      intended_use: field('intended_use'),
      plan: field('plan')
    };
    submit.disabled = true;
    form.setAttribute('aria-busy', 'true');
    result.removeAttribute('data-outcome');
    result.textContent = '';

    let response;
    try {
      response = await fetch('/api/request-access', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept': 'application/json' },
        body: JSON.stringify(payload)
      });
    } catch (networkFailure) {
      show('error', ['Your request could not be sent: the service did not answer. Check your connection and try again.']);
      submit.disabled = false;
      form.removeAttribute('aria-busy');
      return;
    }

    const body = await readJson(response);
    const code = body && typeof body.error === 'string' ? body.error : null;
    const message = body && typeof body.message === 'string' ? body.message : null;

    if (response.status === 201) {
      show('success', [message || 'Thank you: your request has been received. An operator reviews it by hand and writes to you with your key once they approve it; this service sends no email itself.']);
      submit.disabled = true;
      form.hidden = true;
      form.removeAttribute('aria-busy');
      return;
    }

    if (response.status === 400 && (code === 'invalid_param' || code === 'invalid_body')) {
      show('invalid', [message || 'The request was refused: please check the fields.', 'Correct the fields and send the form again.']);
    } else if (response.status === 429) {
      const wait = retryAfterSeconds(response);
      show('rate-limited', [
        'Too many requests have been sent from your address. ' +
          (wait === null ? 'Please try again later.' : 'Please try again in ' + humanWait(wait) + '.'),
        message
      ]);
    } else {
      const detail = code ? 'Error code: ' + code + ' (HTTP ' + response.status + ').' : 'HTTP status ' + response.status + '.';
      const reference = body && typeof body.request_id === 'string' ? 'Reference: ' + body.request_id + '.' : null;
      show('error', ['Something went wrong and your request was not saved. Please try again later.', detail, reference]);
    }
    submit.disabled = false;
    form.removeAttribute('aria-busy');
  }

  form.addEventListener('submit', send);
}());
