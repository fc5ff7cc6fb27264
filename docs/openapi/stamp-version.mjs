// Writes the build's version (the root POM's) into the bundled document's info.version: the document is written
// by hand with "development" there, and what is built from it (the API reference, the clients) names a release.
// Usage: node stamp-version.mjs <bundled openapi.json> <version>
import { readFileSync, writeFileSync } from 'node:fs';

const [file, version] = process.argv.slice(2);
if (!file || !version) {
  console.error('usage: node stamp-version.mjs <openapi.json> <version>');
  process.exit(2);
}
const document = JSON.parse(readFileSync(file, 'utf8'));
document.info.version = version;
writeFileSync(file, JSON.stringify(document, null, 2) + '\n');
