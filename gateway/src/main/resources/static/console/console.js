// The sandbox console: builds a same-origin GET to /api/sample, shows its status, rate-limit
// headers and body. Server text goes into the page through textContent only.
'use strict';

(function () {
  const SANDBOX = '/api/sample';
  const SHOWN_HEADERS = [
    'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset',
    'RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset',
    'Retry-After', 'X-Request-Id'
  ];
  const REASONS = {
    200: 'OK', 202: 'Accepted', 304: 'Not Modified', 400: 'Bad Request', 401: 'Unauthorized',
    403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 406: 'Not Acceptable',
    409: 'Conflict', 415: 'Unsupported Media Type', 422: 'Unprocessable Content',
    429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable'
  };
  // Modes each route takes; a route change moves an unsuitable mode to the first of these.
  const ROUTE_MODES = {
    '/v0/enrich': ['job_id', 'vin', 'none'],
    '/v1/status': ['none']
  };
  const DEFAULT_MODES = ['vin', 'config_key', 'ymmt', 'none'];
  const EXTRA_HINTS = {
    '/v1/vehicle': 'include=fluids,specs,tires,maintenance_schedule,parts,labor,image,service_history',
    '/v0/maintenance': 'mileage=30000&schedule=severe',
    '/v0/labor': 'operation=engine_oil_change'
  };

  const byId = function (id) { return document.getElementById(id); };
  const form = byId('console-form');
  const route = byId('console-route');
  const mode = byId('console-mode');
  const extra = byId('console-extra');
  const send = byId('console-send');
  const output = byId('console-output');
  const requestLine = byId('console-request');
  const statusLine = byId('console-status');
  const contentType = byId('console-content-type');
  const headerRows = byId('console-headers').tBodies[0];
  const body = byId('console-body');
  const image = byId('console-image');
  const docsLink = byId('console-docs-link');
  const matches = byId('console-matches');
  let imageUrl = null;

  // Keeps commas readable (include=fluids,specs); the server decodes either form.
  function encode(value) {
    return encodeURIComponent(value).replace(/%2C/gi, ',');
  }

  function decodeLoosely(value) {
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '));
    } catch (e) {
      return value;
    }
  }

  function value(id) {
    return byId(id).value.trim();
  }

  function identifierPairs() {
    switch (mode.value) {
      case 'vin': return [['vin', value('console-vin')]];
      case 'config_key': return [['config_key', value('console-config-key')]];
      case 'ymmt': return [['year', value('console-year')], ['make', value('console-make')],
        ['model', value('console-model')], ['trim', value('console-trim')]];
      case 'job_id': return [['job_id', value('console-job-id')]];
      default: return [];
    }
  }

  // "a=1&b=2", with or without a leading ? or &; each part re-encoded so the URL is well formed.
  function extraPairs() {
    return extra.value.trim().replace(/^[?&]+/, '').split('&').filter(Boolean).map(function (part) {
      const at = part.indexOf('=');
      return at < 0 ? [decodeLoosely(part), ''] : [decodeLoosely(part.slice(0, at)), decodeLoosely(part.slice(at + 1))];
    });
  }

  function query() {
    return identifierPairs().filter(function (pair) { return pair[1] !== ''; })
      .concat(extraPairs())
      .map(function (pair) { return encode(pair[0]) + '=' + encode(pair[1]); })
      .join('&');
  }

  function showModeFields() {
    document.querySelectorAll('[data-mode]').forEach(function (group) {
      group.hidden = group.getAttribute('data-mode') !== mode.value;
    });
  }

  function routeChanged() {
    const allowed = ROUTE_MODES[route.value] || DEFAULT_MODES;
    if (allowed.indexOf(mode.value) < 0) {
      mode.value = allowed[0];
      showModeFields();
    }
    extra.placeholder = EXTRA_HINTS[route.value] || '';
  }

  function clearOutput() {
    if (imageUrl) {
      URL.revokeObjectURL(imageUrl);
      imageUrl = null;
    }
    image.hidden = true;
    image.removeAttribute('src');
    body.hidden = false;
    body.textContent = '';
    headerRows.textContent = '';
    docsLink.hidden = true;
    docsLink.textContent = '';
    matches.hidden = true;
    matches.textContent = '';
    contentType.textContent = '—';
    statusLine.textContent = '…';
    statusLine.removeAttribute('data-status');
    statusLine.removeAttribute('data-class');
  }

  function showStatus(status) {
    statusLine.setAttribute('data-status', String(status));
    statusLine.setAttribute('data-class', Math.floor(status / 100) + 'xx');
    statusLine.textContent = status + (REASONS[status] ? ' ' + REASONS[status] : '');
  }

  function showHeaders(headers) {
    SHOWN_HEADERS.forEach(function (name) {
      const found = headers.get(name);
      if (found === null) {
        return;
      }
      const row = headerRows.insertRow();
      row.setAttribute('data-header', name);
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = name;
      row.appendChild(th);
      row.insertCell().textContent = found;
    });
  }

  // Only http(s) links, resolved against this page, are made clickable.
  function safeHref(candidate) {
    if (typeof candidate !== 'string') {
      return null;
    }
    try {
      const url = new URL(candidate, window.location.href);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch (e) {
      return null;
    }
  }

  function link(href, text) {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = text;
    return a;
  }

  // Pretty JSON; the top-level "docs" value becomes a link inside the printed body.
  function showJson(data) {
    const pretty = JSON.stringify(data, null, 2);
    const href = data && typeof data === 'object' ? safeHref(data.docs) : null;
    const marker = href ? '"docs": ' + JSON.stringify(data.docs) : null;
    const at = marker ? pretty.indexOf(marker) : -1;
    if (at < 0) {
      body.textContent = pretty;
      return;
    }
    const start = at + '"docs": "'.length;
    const end = start + JSON.stringify(data.docs).length - 2;
    body.appendChild(document.createTextNode(pretty.slice(0, start)));
    body.appendChild(link(href, pretty.slice(start, end)));
    body.appendChild(document.createTextNode(pretty.slice(end)));
  }

  function showErrorHelp(data) {
    if (!data || typeof data !== 'object' || typeof data.error !== 'string') {
      return;
    }
    const href = safeHref(data.docs);
    if (href) {
      docsLink.appendChild(document.createTextNode('Error '));
      const code = document.createElement('code');
      code.textContent = data.error;
      docsLink.appendChild(code);
      docsLink.appendChild(document.createTextNode(': '));
      docsLink.appendChild(link(href, 'what it means and what to do'));
      docsLink.hidden = false;
    }
    if (Array.isArray(data.matches) && data.matches.length > 0) {
      const note = document.createElement('p');
      note.textContent = 'Pick one of the matching configurations:';
      matches.appendChild(note);
      const list = document.createElement('ul');
      data.matches.forEach(function (match) {
        if (!match || typeof match.config_key !== 'string') {
          return;
        }
        const item = document.createElement('li');
        const pick = document.createElement('button');
        pick.type = 'button';
        pick.className = 'console-pick';
        pick.textContent = 'Use ' + match.config_key;
        pick.addEventListener('click', function () {
          mode.value = 'config_key';
          byId('console-config-key').value = match.config_key;
          showModeFields();
          byId('console-config-key').focus();
        });
        item.appendChild(pick);
        if (typeof match.label === 'string') {
          item.appendChild(document.createTextNode(' ' + match.label));
        }
        list.appendChild(item);
      });
      matches.appendChild(list);
      matches.hidden = false;
    }
  }

  async function showBody(response) {
    const type = response.headers.get('Content-Type') || '';
    contentType.textContent = type || '(none)';
    if (/^image\//i.test(type)) {
      imageUrl = URL.createObjectURL(await response.blob());
      image.src = imageUrl;
      image.hidden = false;
      body.hidden = true;
      return;
    }
    const text = await response.text();
    let data;
    try {
      data = JSON.parse(text);
    } catch (e) {
      body.textContent = text;
      return;
    }
    showJson(data);
    showErrorHelp(data);
  }

  async function sendRequest(event) {
    event.preventDefault();
    const q = query();
    const url = SANDBOX + route.value + (q ? '?' + q : '');
    clearOutput();
    requestLine.textContent = url;
    send.disabled = true;
    output.setAttribute('aria-busy', 'true');
    try {
      // no-store: every send reaches the sandbox, so the headers show the current budget.
      const response = await fetch(url, { method: 'GET', cache: 'no-store', credentials: 'omit' });
      showStatus(response.status);
      showHeaders(response.headers);
      await showBody(response);
    } catch (failure) {
      statusLine.setAttribute('data-status', '0');
      statusLine.setAttribute('data-class', 'network');
      statusLine.textContent = 'No answer';
      body.textContent = 'The request failed before an answer arrived: ' + (failure && failure.message ? failure.message : String(failure));
    } finally {
      send.disabled = false;
      output.removeAttribute('aria-busy');
    }
  }

  mode.addEventListener('change', showModeFields);
  route.addEventListener('change', routeChanged);
  form.addEventListener('submit', sendRequest);
  showModeFields();
  routeChanged();
}());
