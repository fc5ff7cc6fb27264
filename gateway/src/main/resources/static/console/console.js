// The sandbox console: its routes are the read routes of the API's OpenAPI document, read from the gateway at load
// (so a route the API gains is here too), each with the parameters the document lists for it. It builds a
// same-origin GET to /api/sample, shows its status, rate-limit headers and body, and the request as a curl command.
// Server text goes into the page through textContent only.
'use strict';

(function () {
  const SANDBOX = '/api/sample';
  const LIVE = '/api';
  const DOCUMENT = '/api/openapi.json';
  // The document's read routes that the sandbox does not mirror: a key's webhooks, which only the live API's
  // command side holds (their descriptions say so). Every other GET of the document is the sandbox's too.
  const LIVE_ONLY = ['/v0/webhooks', '/v0/webhooks/deliveries'];
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
  // The identifier modes, by the parameters each sends, and the fields that hold them. A route that lists
  // config_key takes the first three; one that also lists partial_vin takes that mode too.
  const MODES = {
    vin: ['vin'],
    config_key: ['config_key'],
    ymmt: ['year', 'make', 'model', 'trim'],
    partial_vin: ['partial_vin']
  };
  const MODE_FIELDS = {
    vin: 'console-vin', config_key: 'console-config-key', year: 'console-year', make: 'console-make',
    model: 'console-model', trim: 'console-trim', partial_vin: 'console-partial-vin'
  };
  // What a route's own parameter starts with: the sandbox's sample value where the route needs the parameter
  // (the document says required) or where it shows what the route does; otherwise empty, so not sent.
  const SAMPLES = {
    vin: '19XFC2F52KE715372', vins: '19XFC2F52KE715372,2HGFC1F31KH584806', wmi: '19X', year: '2019',
    make: 'Honda', model: 'Civic', job_id: 'enr_2HGFC2F57KH873762_1', include: 'fluids,specs', mileage: '30000'
  };
  const SHOWN_WITH_SAMPLE = ['job_id', 'include', 'mileage'];
  const FIRST_ROUTE = '/v1/decode';

  const byId = function (id) { return document.getElementById(id); };
  const form = byId('console-form');
  const route = byId('console-route');
  const routeAbout = byId('console-route-about');
  const modeField = byId('console-mode-field');
  const mode = byId('console-mode');
  const params = byId('console-params');
  const extra = byId('console-extra');
  const send = byId('console-send');
  const curl = byId('console-curl');
  const liveCurl = byId('console-live-curl');
  const copyStatus = byId('console-copy-status');
  const output = byId('console-output');
  const requestLine = byId('console-request');
  const statusLine = byId('console-status');
  const contentType = byId('console-content-type');
  const headerRows = byId('console-headers').tBodies[0];
  const body = byId('console-body');
  const image = byId('console-image');
  const docsLink = byId('console-docs-link');
  const matches = byId('console-matches');
  let routes = {};
  let current = null;
  let imageUrl = null;

  // ---- the routes, from the OpenAPI document ----

  // A node of the document, following local $refs (#/components/...).
  function resolve(document, node) {
    let hops = 0;
    while (node && typeof node.$ref === 'string' && node.$ref.indexOf('#/') === 0 && hops++ < 10) {
      node = node.$ref.slice(2).split('/').reduce(function (at, token) {
        return at ? at[token.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
      }, document);
    }
    return node;
  }

  function readRoutes(document) {
    const found = [];
    Object.keys(document.paths || {}).forEach(function (path) {
      const item = document.paths[path];
      if (!item || !item.get || LIVE_ONLY.indexOf(path) >= 0) {
        return;
      }
      const operation = item.get;
      const listed = (item.parameters || []).concat(operation.parameters || [])
        .map(function (parameter) { return resolve(document, parameter); })
        .filter(function (parameter) {
          return parameter && (parameter.in === 'query' || parameter.in === 'path') && typeof parameter.name === 'string';
        });
      const names = listed.map(function (parameter) { return parameter.name; });
      const modes = names.indexOf('config_key') < 0 ? [] : ['vin', 'config_key', 'ymmt']
        .concat(names.indexOf('partial_vin') < 0 ? [] : ['partial_vin']);
      const identifiers = modes.length === 0 ? [] : Object.keys(MODE_FIELDS);
      const ok = resolve(document, (operation.responses || {})['200']) || {};
      found.push({
        path: path,
        summary: String(operation.summary || ''),
        tag: (operation.tags || [])[0] || 'Other',
        operationId: operation.operationId,
        modes: modes,
        params: listed.filter(function (parameter) { return identifiers.indexOf(parameter.name) < 0; }),
        // an answer that is no JSON (the render's image) is written to a file by the curl command
        binary: !!ok.content && !Object.keys(ok.content).some(function (type) { return /json/i.test(type); })
      });
    });
    return found;
  }

  function showRoutes(found) {
    route.textContent = '';
    routes = {};
    const groups = {};
    found.forEach(function (entry) {
      routes[entry.path] = entry;
      if (!groups[entry.tag]) {
        groups[entry.tag] = document.createElement('optgroup');
        groups[entry.tag].label = entry.tag;
        route.appendChild(groups[entry.tag]);
      }
      const option = document.createElement('option');
      option.value = entry.path;
      option.textContent = 'GET ' + entry.path + (entry.summary ? ': ' + entry.summary : '');
      groups[entry.tag].appendChild(option);
    });
    route.value = routes[FIRST_ROUTE] ? FIRST_ROUTE : found[0].path;
    route.disabled = false;
    send.disabled = false;
    route.setAttribute('data-routes', String(found.length));
  }

  // ---- the route's own parameters ----

  // The first sentence of a description, without its Markdown marks.
  function firstSentence(text) {
    const plain = String(text || '').replace(/`/g, '').replace(/\*\*/g, '').replace(/\s+/g, ' ').trim()
      .replace(/\b(e\.g|i\.e)\./g, '$1\u2024');
    const sentence = /^(.+?[^.]\.)(?:\s|$)/.exec(plain);
    return (sentence ? sentence[1] : plain).replace(/\u2024/g, '.');
  }

  function allowedValues(schema) {
    const items = schema && schema.type === 'array' ? schema.items || {} : null;
    return items && Array.isArray(items.enum) ? ' One or more of ' + items.enum.join(', ') + '.' : '';
  }

  function initialValue(parameter) {
    const sample = SAMPLES[parameter.name];
    return sample !== undefined && (parameter.required || SHOWN_WITH_SAMPLE.indexOf(parameter.name) >= 0) ? sample : '';
  }

  function parameterField(parameter) {
    const id = 'console-param-' + parameter.name.replace(/[^A-Za-z0-9_-]/g, '-');
    const schema = parameter.schema || {};
    const field = document.createElement('div');
    field.className = 'field';
    const label = document.createElement('label');
    label.htmlFor = id;
    const name = document.createElement('code');
    name.textContent = parameter.name;
    label.appendChild(name);
    if (parameter.in === 'path') {
      label.appendChild(document.createTextNode(' (in the path)'));
    }
    if (parameter.required) {
      const required = document.createElement('span');
      required.className = 'param-required';
      required.textContent = ' required';
      label.appendChild(required);
    }
    const hint = document.createElement('span');
    hint.className = 'hint';
    hint.id = id + '-hint';
    hint.textContent = firstSentence(parameter.description) + allowedValues(schema);
    label.appendChild(hint);
    let input;
    if (Array.isArray(schema.enum)) {
      input = document.createElement('select');
      const none = document.createElement('option');
      none.value = '';
      none.textContent = '(not sent' + (schema.default !== undefined ? ': ' + schema.default : '') + ')';
      input.appendChild(none);
      schema.enum.forEach(function (value) {
        const option = document.createElement('option');
        option.value = String(value);
        option.textContent = String(value);
        input.appendChild(option);
      });
    } else {
      input = document.createElement('input');
      input.type = 'text';
      input.autocomplete = 'off';
      input.spellcheck = false;
      if (schema.type === 'integer' || schema.type === 'number') {
        input.inputMode = 'numeric';
      }
    }
    input.id = id;
    input.name = parameter.name;
    input.setAttribute('data-param', parameter.name);
    input.setAttribute('data-in', parameter.in);
    input.setAttribute('aria-describedby', hint.id);
    input.value = initialValue(parameter);
    field.appendChild(label);
    field.appendChild(input);
    return field;
  }

  function showModeFields() {
    const modes = current ? current.modes : [];
    modeField.hidden = modes.length === 0;
    Array.prototype.forEach.call(mode.options, function (option) {
      option.disabled = option.hidden = modes.indexOf(option.value) < 0;
    });
    document.querySelectorAll('[data-mode]').forEach(function (group) {
      group.hidden = modes.indexOf(group.getAttribute('data-mode')) < 0 || group.getAttribute('data-mode') !== mode.value;
    });
  }

  // A route starts from its own defaults: its parameters and the extra ones are set anew; the vehicle's
  // identifier, which most routes share, is kept, in a mode the route takes.
  function routeChanged() {
    current = routes[route.value] || null;
    if (!current) {
      return;
    }
    params.textContent = '';
    current.params.forEach(function (parameter) { params.appendChild(parameterField(parameter)); });
    extra.value = '';
    if (current.modes.length > 0 && current.modes.indexOf(mode.value) < 0) {
      mode.value = current.modes[0];
    }
    const reference = document.createElement('a');
    reference.href = '/docs/reference#tag/' + current.tag.replace(/ /g, '-') + '/operation/' + current.operationId;
    reference.textContent = 'its parameters, answers and errors in the API reference';
    routeAbout.textContent = current.summary ? current.summary + '. ' : '';
    routeAbout.appendChild(document.createTextNode('See '));
    routeAbout.appendChild(reference);
    routeAbout.appendChild(document.createTextNode('.'));
    showModeFields();
    showCurl();
  }

  // ---- the request ----

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

  // "a=1&b=2", with or without a leading ? or &; each part re-encoded so the URL is well formed.
  function extraPairs() {
    return extra.value.trim().replace(/^[?&]+/, '').split('&').filter(Boolean).map(function (part) {
      const at = part.indexOf('=');
      return at < 0 ? [decodeLoosely(part), ''] : [decodeLoosely(part.slice(0, at)), decodeLoosely(part.slice(at + 1))];
    });
  }

  function queryPairs() {
    const pairs = [];
    if (current.modes.length > 0) {
      MODES[mode.value].forEach(function (name) {
        pairs.push([name, byId(MODE_FIELDS[name]).value.trim()]);
      });
    }
    params.querySelectorAll('[data-in="query"]').forEach(function (input) {
      pairs.push([input.getAttribute('data-param'), input.value.trim()]);
    });
    return pairs.filter(function (pair) { return pair[1] !== ''; }).concat(extraPairs());
  }

  // The route's path and query, as the sandbox and the live API both take them.
  function pathAndQuery() {
    const path = current.path.replace(/\{([^}]+)\}/g, function (whole, name) {
      const input = params.querySelector('[data-in="path"][data-param="' + name + '"]');
      return encodeURIComponent(input ? input.value.trim() : '');
    });
    const query = queryPairs().map(function (pair) { return encode(pair[0]) + '=' + encode(pair[1]); }).join('&');
    return path + (query ? '?' + query : '');
  }

  // ---- the request as curl ----

  function shellQuoted(text) {
    return "'" + text.replace(/'/g, "'\\''") + "'";
  }

  // The command that sends this request; the live API's sends the key from the shell (double quotes expand it).
  function curlCommand(server) {
    const live = server === LIVE;
    return 'curl -s' + (live ? ' -H "Authorization: Bearer $VSPEC_KEY"' : '')
      + (current.binary ? ' -o ' + current.path.split('/').pop() : '')
      + ' ' + shellQuoted(window.location.origin + server + pathAndQuery());
  }

  function showCurl() {
    if (!current) {
      return;
    }
    curl.textContent = curlCommand(SANDBOX);
    liveCurl.textContent = curlCommand(LIVE);
    copyStatus.textContent = '';
  }

  function copy(box, what) {
    const text = box.textContent;
    const done = function () { copyStatus.textContent = 'Copied ' + what + '.'; };
    // no clipboard (a page not served over HTTPS or from localhost): the command is selected, to copy by hand
    const selectIt = function () {
      window.getSelection().selectAllChildren(box);
      copyStatus.textContent = 'The command is selected: copy it with Ctrl+C (⌘C on a Mac).';
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, selectIt);
    } else {
      selectIt();
    }
  }

  // ---- the answer ----

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
    if (Array.isArray(data.matches) && data.matches.length > 0 && current.modes.indexOf('config_key') >= 0) {
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
          showCurl();
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
    if (!current) {
      return;
    }
    const url = SANDBOX + pathAndQuery();
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

  async function loadRoutes() {
    try {
      const response = await fetch(DOCUMENT, { credentials: 'omit' });
      if (!response.ok) {
        throw new Error('it answered ' + response.status);
      }
      const found = readRoutes(await response.json());
      if (found.length === 0) {
        throw new Error('it lists no read route');
      }
      showRoutes(found);
      routeChanged();
    } catch (failure) {
      route.firstElementChild.textContent = 'No routes: the OpenAPI document could not be read';
      routeAbout.textContent = 'The routes could not be read from ' + DOCUMENT + ' ('
        + (failure && failure.message ? failure.message : String(failure)) + '); reload the page to try again.';
    }
  }

  mode.addEventListener('change', function () {
    showModeFields();
    showCurl();
  });
  route.addEventListener('change', routeChanged);
  form.addEventListener('input', showCurl);
  form.addEventListener('change', showCurl);
  form.addEventListener('submit', sendRequest);
  byId('console-copy-curl').addEventListener('click', function () { copy(curl, 'the sandbox request'); });
  byId('console-copy-live-curl').addEventListener('click', function () { copy(liveCurl, 'the live API request'); });
  modeField.hidden = true;
  document.querySelectorAll('[data-mode]').forEach(function (group) { group.hidden = true; });
  loadRoutes();
}());
