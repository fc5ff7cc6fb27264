// The request-access form: checks each field as the server will (AccessRequestForm's rules), with the
// message beside the field, so a typo costs no submission; posts the fields as JSON and shows the server's
// answer, a refused field's message beside that field too (the error's param names it).
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

  const FIELDS = ['name', 'email', 'company', 'intended_use', 'plan'];
  const PLANS = ['free', 'pro', 'scale', 'enterprise'];
  const LABELS = { name: 'Name', email: 'Email', company: 'Company', intended_use: 'Intended use', plan: 'Plan' };

  // Characters as the server counts them: code points, not UTF-16 units.
  function length(text) {
    return Array.from(text).length;
  }

  function hasControl(text, allowLineBreaks) {
    return Array.from(text).some(function (c) {
      const code = c.codePointAt(0);
      const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
      return control && !(allowLineBreaks && (c === '\n' || c === '\r' || c === '\t'));
    });
  }

  // One @ with text before it, a domain of at least two non-empty labels after it, no whitespace.
  function plausibleEmail(email) {
    if (/\s/u.test(email) || hasControl(email, false)) {
      return false;
    }
    const at = email.indexOf('@');
    if (at <= 0 || at !== email.lastIndexOf('@')) {
      return false;
    }
    const domain = email.substring(at + 1);
    return domain.includes('.') && domain.split('.').every(function (label) { return label.length > 0; });
  }

  // What is wrong with a field's value, as the server words it, or null.
  function problem(name, raw) {
    const value = raw.trim();
    const required = name !== 'company';
    if (value === '') {
      return required ? LABELS[name] + ' is required.' : null;
    }
    switch (name) {
      case 'name':
      case 'company':
        if (hasControl(value, false)) {
          return LABELS[name] + ' contains control characters.';
        }
        return length(value) > 200 ? LABELS[name] + ' must be at most 200 characters long (it is ' + length(value) + ').' : null;
      case 'email':
        if (length(value) > 254) {
          return 'Email must be at most 254 characters long (it is ' + length(value) + ').';
        }
        return plausibleEmail(value) ? null
          : 'Email is not a plausible address: it needs exactly one @, a dot in the domain and no spaces.';
      case 'intended_use':
        if (hasControl(value, true)) {
          return 'Intended use contains control characters (only line breaks and tabs are allowed).';
        }
        return length(value) < 10 || length(value) > 2000
          ? 'Intended use must be 10 to 2,000 characters long (it is ' + length(value) + ').' : null;
      case 'plan':
        return PLANS.includes(value) ? null : 'Choose one of the plans.';
      default:
        return null;
    }
  }

  function control(name) {
    return form.elements.namedItem(name);
  }

  function errorOf(name) {
    const element = control(name);
    return element ? document.getElementById(element.id + '-error') : null;
  }

  // Shows (or clears, for null) the message beside a field.
  function mark(name, message) {
    const element = control(name);
    const error = errorOf(name);
    if (!element || !error) {
      return;
    }
    error.textContent = message || '';
    error.hidden = !message;
    if (message) {
      element.setAttribute('aria-invalid', 'true');
    } else {
      element.removeAttribute('aria-invalid');
    }
  }

  // Checks every field, marks each, and answers the first wrong one (null when all are right).
  function check() {
    let first = null;
    FIELDS.forEach(function (name) {
      const message = problem(name, field(name));
      mark(name, message);
      if (message && first === null) {
        first = name;
      }
    });
    return first;
  }

  let attempted = false;

  async function send(event) {
    event.preventDefault();
    attempted = true;
    const wrong = check();
    if (wrong !== null) {
      show('invalid', ['Please correct the marked fields; nothing was sent.']);
      control(wrong).focus();
      return;
    }
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
      const param = body && typeof body.param === 'string' ? body.param : null;
      if (param && FIELDS.includes(param)) {
        mark(param, message);
        control(param).focus();
      }
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

  // With this script the fields are checked here, with messages beside them, instead of by the browser's bubbles.
  form.noValidate = true;
  // After a first attempt, a field's message follows its value as it is corrected.
  FIELDS.forEach(function (name) {
    const element = control(name);
    if (element) {
      element.addEventListener('input', function () {
        if (attempted) {
          mark(name, problem(name, field(name)));
        }
      });
    }
  });
  form.addEventListener('submit', send);
}());
