// Builds the API reference page the gateway serves at /docs/reference: Redoc's standalone bundle rendering
// the bundled document (which the gateway serves beside the page), every file served from the site itself (its Content-Security-Policy runs no inline script
// and loads nothing from elsewhere). Redoc renders in the browser: a page Redocly pre-renders does not
// hydrate cleanly (React errors #418/#425, Redocly/redoc#2734).
//   node build-reference.mjs <the bundled document> <output directory>
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const escape = (text) => String(text).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Where the gateway serves the page's files: the page itself answers at /docs/reference, without a slash. */
const SERVED_AT = '/docs/reference';
const [bundled, out] = process.argv.slice(2);
if (!bundled || !out) {
  console.error('usage: node build-reference.mjs <the bundled document> <output directory>');
  process.exit(2);
}
mkdirSync(out, { recursive: true });

const document = JSON.parse(readFileSync(bundled, 'utf8'));
await renderOnce(document);

// Its footer's logo, which it would fetch from Redocly's CDN, becomes an empty image.
const bundle = readFileSync('node_modules/redoc/bundles/redoc.standalone.js', 'utf8');
const logo = '"https://cdn.redoc.ly/redoc/logo-mini.svg"';
if (!bundle.includes(logo)) {
  throw new Error('Redoc no longer loads its logo from the CDN as expected; update build-reference.mjs');
}
writeFileSync(join(out, 'redoc.standalone.js'),
  bundle.replace(logo, `"data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>"`));

writeFileSync(join(out, 'reference.js'), `// Renders the OpenAPI document beside this file (docs/openapi/openapi.yaml, bundled).
Redoc.init('${SERVED_AT}/openapi.json', {
  expandResponses: '200,201,202',
  jsonSampleExpandLevel: 3,
  hideHostname: true,
  menuToggle: true,
  sortPropsAlphabetically: false,
  theme: { typography: { fontFamily: 'system-ui, sans-serif', headings: { fontFamily: 'system-ui, sans-serif' } } },
}, document.getElementById('redoc'));
`);

// The page's own part: the site's header (its look repeats site.css's, which the page cannot load: its rules for
// bare elements would restyle Redoc's), so that the reference links back to the site like every page of it.
writeFileSync(join(out, 'reference.css'), `/* The site's header above Redoc's page; the rest is Redoc's. */
body { margin: 0; }
.site-header, .skip-link {
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  font-size: 1rem; line-height: 1.55; color: #1d232b;
}
.site-header { border-bottom: 1px solid #d8dde3; background: #f4f6f8; }
.site-header .inner { padding: .6rem 1rem; display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; }
.site-header a { color: #1f5f99; }
.site-header .brand { font-weight: 700; font-size: 1.15rem; color: #1d232b; text-decoration: none; }
.site-nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem 1.1rem; }
.site-nav a { text-decoration: none; }
.site-nav a:hover { text-decoration: underline; }
.site-nav a[aria-current="page"] { font-weight: 700; color: #1d232b; }
.site-header a:focus-visible, .skip-link:focus-visible { outline: 3px solid #8fb8e0; outline-offset: 2px; }
.skip-link { position: absolute; left: -999px; top: 0; }
.skip-link:focus { left: 1rem; top: .5rem; background: #fff; padding: .25rem .5rem; z-index: 10; }
`);

const title = `${escape(document.info.title)} — API reference`;
writeFileSync(join(out, 'index.html'), `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="${SERVED_AT}/reference.css">
  <script src="${SERVED_AT}/redoc.standalone.js" defer></script>
  <script src="${SERVED_AT}/reference.js" defer></script>
</head>
<body>
  <a class="skip-link" href="#redoc">Skip to the reference</a>
  <header class="site-header">
    <div class="inner">
      <a class="brand" href="/">vspec</a>
      <nav class="site-nav" aria-label="Main">
        <ul>
          <li><a href="/docs">Docs</a></li>
          <li><a href="/console">Sandbox console</a></li>
          <li><a href="/request-access">Request access</a></li>
          <li><a href="${SERVED_AT}" aria-current="page">API reference</a></li>
          <li><a href="/api/openapi.json">OpenAPI</a></li>
        </ul>
      </nav>
    </div>
  </header>
  <noscript><p>The API reference renders with JavaScript. The document it shows is
    <a href="${SERVED_AT}/openapi.json">${SERVED_AT}/openapi.json</a>; the guide is at <a href="/docs">/docs</a>.</p></noscript>
  <main id="redoc"></main>
</body>
</html>
`);
console.log(`API reference written to ${out}`);

/**
 * Renders the page once here: in the browser, a document Redoc cannot render (an example without a value, say)
 * leaves only "Something went wrong" on the page, which a build should not ship.
 */
async function renderOnce(document) {
  const require = createRequire(import.meta.url);
  const { createStore, Redoc } = require('redoc');
  const { createElement } = require('react');
  const { renderToString } = require('react-dom/server');
  try {
    renderToString(createElement(Redoc, { store: await createStore(document, SERVED_AT + '/openapi.json', {}) }));
  } catch (error) {
    console.error(`Redoc cannot render ${bundled}: ${error.stack}`);
    process.exit(1);
  }
}
