// Fills the guide's sample answers (the gateway's /docs page, as its build copied it) from the OpenAPI
// document, so that they cannot drift from the service: ReadRoutesDocumentIT and WriteRoutesDocumentIT replay
// every example of the document against it. A sample is written in the guide's source as
//   <pre><code data-openapi-example="/components/examples/multiple_matches"></code></pre>
// naming an example by its JSON pointer in the bundled document; its value replaces the element's content.
//   node fill-guide.mjs <the bundled document> <the guide's built index.html>
import { readFileSync, writeFileSync } from 'node:fs';

const [bundled, page] = process.argv.slice(2);
if (!bundled || !page) {
  console.error('usage: node fill-guide.mjs <the bundled document> <index.html>');
  process.exit(2);
}
const document = JSON.parse(readFileSync(bundled, 'utf8'));

/** The node a JSON pointer (RFC 6901) names, following a $ref where one stands. */
function resolve(pointer) {
  let node = document;
  for (const token of pointer.split('/').slice(1).map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))) {
    node = node?.[token];
    if (node?.$ref) {
      node = resolve(node.$ref.replace(/^#/, ''));
    }
  }
  return node;
}

const escape = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

let filled = 0;
const html = readFileSync(page, 'utf8').replace(
  /<code data-openapi-example="([^"]+)">[^<]*<\/code>/g,
  (element, pointer) => {
    const example = resolve(pointer);
    if (!example || !('value' in example)) {
      throw new Error(`${page}: the OpenAPI document has no example at ${pointer}`);
    }
    filled++;
    return `<code data-openapi-example="${pointer}">${escape(JSON.stringify(example.value, null, 2))}</code>`;
  });
if (filled === 0) {
  throw new Error(`${page} names no example of the OpenAPI document: is it the guide?`);
}
writeFileSync(page, html);
console.log(`${filled} sample answers of the guide filled from the OpenAPI document`);
