// Fills the guide's sample answers (the gateway's /docs page, as its build copied it) from the OpenAPI
// document, so that they cannot drift from the service: ReadRoutesDocumentIT and WriteRoutesDocumentIT replay
// every example of the document against it. A sample is written in the guide's source as
//   <pre><code data-openapi-example="/components/examples/multiple_matches"></code></pre>
// naming an example by its JSON pointer in the bundled document; its value replaces the element's content.
// Its links to the repository's documents, <a data-repository-file="docs/api.md" ...>, get their address from
// the repository's URL (the root POM's vspec.repository.url), so that the page and the documents are one source.
//   node fill-guide.mjs <the bundled document> <the guide's built index.html> <the repository's URL>
import { readFileSync, writeFileSync } from 'node:fs';

const [bundled, page, repository] = process.argv.slice(2);
if (!bundled || !page || !repository) {
  console.error('usage: node fill-guide.mjs <the bundled document> <index.html> <repository URL>');
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
let linked = 0;
const html = readFileSync(page, 'utf8').replace(
  /<a data-repository-file="([^"]+)" href="[^"]*">/g,
  (element, file) => {
    linked++;
    return `<a data-repository-file="${file}" href="${repository.replace(/\/$/, '')}/blob/main/${file}">`;
  }).replace(
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
console.log(`${filled} sample answers of the guide filled from the OpenAPI document, ${linked} links to the repository`);
