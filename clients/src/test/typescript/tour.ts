// The tour of the generated TypeScript client (typescript-fetch), the same steps as the Java client's
// (JavaClientTour): each route once, a 409 answered through its matches, the free key's 429 waited
// out for Retry-After, and an enrichment polled until it ends. GeneratedClientsIT runs it against a
// running stack with VSPEC_URL, VSPEC_PRO_KEY, VSPEC_FREE_KEY, VSPEC_ENRICH_VIN and VSPEC_WEBHOOK_URL, in a copy of
// this folder (target/typescript-tour) where it has installed the client's npm package (target/dist) first.
import { strict as assert } from "node:assert";
import {
  AccessApi,
  CatalogApi,
  Configuration,
  EnrichmentApi,
  IdentityApi,
  ListedConfiguration,
  MaintenanceApi,
  MediaApi,
  RecallsApi,
  ResponseError,
  ServiceHistoryApi,
  StatusApi,
  VehicleDataApi,
  WebhooksApi,
  ApiErrorFromJSON,
  ApiError,
} from "vspec-client";

/** Sample data: a VIN the pinned vPIC release decodes, and its manufacturer's WMI. */
const DECODABLE_VIN = "1HGCM82633A004352";
const WMI = "1HG";

const gateway = required("VSPEC_URL");
const keys = { pro: required("VSPEC_PRO_KEY"), free: required("VSPEC_FREE_KEY") };

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set`);
  }
  return value;
}

function configuration(server: string, key?: string): Configuration {
  return new Configuration({ basePath: gateway + server, apiKey: key });
}

/** The error record of a refused request. */
async function errorOf(refusal: unknown): Promise<{ status: number; error: ApiError; retryAfter: string | null }> {
  if (!(refusal instanceof ResponseError)) {
    throw refusal;
  }
  return {
    status: refusal.response.status,
    error: ApiErrorFromJSON(await refusal.response.json()),
    retryAfter: refusal.response.headers.get("Retry-After"),
  };
}

async function refused(call: () => Promise<unknown>): Promise<{ status: number; error: ApiError; retryAfter: string | null }> {
  try {
    await call();
  } catch (refusal) {
    return errorOf(refusal);
  }
  throw new Error("expected the request to be refused");
}

const pause = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

async function listings(api: Configuration): Promise<ListedConfiguration[]> {
  const catalog = new CatalogApi(api);
  const years: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await catalog.listYears({ limit: 2, cursor });
    page.years.forEach((year) => years.push(year.year));
    cursor = page.next ? new URL(page.next, gateway).searchParams.get("cursor") ?? undefined : undefined;
  } while (cursor);
  assert.ok(years.length > 0);
  assert.deepEqual(years, [...years].sort((a, b) => a - b));

  const year = years[0];
  const make = (await catalog.listMakes({ year })).makes[0].make;
  const model = (await catalog.listModels({ year, make })).models[0].model;
  assert.ok((await catalog.listTrims({ year, make, model })).trims.length > 0);

  const configurations: ListedConfiguration[] = [];
  for (const each of years) {
    configurations.push(...(await new IdentityApi(api).listConfigs({ year: each, limit: 100 })).configs);
  }
  assert.ok(configurations.length > 0);
  configurations.forEach((listed) => assert.ok(listed.make));
  return configurations;
}

async function readsEveryGroup(api: Configuration, configKey: string): Promise<void> {
  const data = new VehicleDataApi(api);
  assert.equal((await data.getFluids({ configKey })).vehicle.configKey, configKey);
  assert.equal((await data.getSpecs({ configKey })).vehicle.configKey, configKey);
  assert.equal((await data.getTires({ configKey })).vehicle.configKey, configKey);
  assert.equal((await data.getParts({ configKey })).vehicle.configKey, configKey);
  assert.equal((await data.getMaintenanceSchedule({ configKey })).vehicle.configKey, configKey);
  // include= as docs/api-guide.md shows it: a list, sent comma-separated
  const vehicle = await data.getVehicle({ configKey, include: ["fluids", "specs"] });
  assert.equal(vehicle.vehicle?.configKey, configKey);
  assert.ok(vehicle.fluids !== undefined && vehicle.specs !== undefined);
  assert.equal(vehicle.tires, undefined, "not included");

  const maintenance = new MaintenanceApi(api);
  assert.equal((await maintenance.getMaintenance({ configKey, mileage: 30000 })).vehicle.configKey, configKey);
  assert.equal((await maintenance.getLabor({ configKey })).vehicle.configKey, configKey);
}

/**
 * The render of the first configuration that has one; a configuration without one is 404 no_image (a configuration
 * another tour enriched meanwhile, of an earlier year, comes first in the catalog).
 */
async function readsAnImage(api: Configuration, catalog: ListedConfiguration[]): Promise<void> {
  for (const listed of catalog) {
    try {
      const image = await new MediaApi(api).getVehicleImage({ configKey: listed.configKey });
      assert.ok(image.size > 0);
      return;
    } catch (refusal) {
      const { status, error } = await errorOf(refusal);
      assert.equal(status, 404);
      assert.equal(error.error, "no_image");
    }
  }
  throw new Error("no configuration of the catalog has an image");
}

async function decodes(api: Configuration): Promise<void> {
  const identity = new IdentityApi(api);
  const decoded = await identity.decode({ vin: DECODABLE_VIN });
  assert.equal(decoded.decode?.make, "Honda");
  assert.equal(decoded.decode?.vpicMake, "HONDA");
  assert.equal(decoded.decode?.modelYear, 2003);
  const partial = await identity.decode({ partialVin: DECODABLE_VIN.substring(0, 8) });
  assert.equal(partial.partialDecode?.wmi, WMI);
  const batch = await identity.decodeBatch({ vins: [DECODABLE_VIN, DECODABLE_VIN.substring(0, 16)] });
  assert.deepEqual(batch.results.map((result) => result.status), [200, 400]);
  assert.equal(batch.results[1].error?.error, "invalid_vin");
  const makes = (await identity.wmi({ wmi: WMI })).makes.map((make) => make.toUpperCase());
  assert.ok(makes.includes("HONDA"), makes.join());
}

/** A year, make and model with several configurations is 409; the client repeats it with one of its matches. */
async function resolvesAnAmbiguousLookupThroughItsMatches(api: Configuration, catalog: ListedConfiguration[]): Promise<void> {
  const byModel = new Map<string, ListedConfiguration[]>();
  catalog.forEach((listed) => {
    const model = `${listed.year}|${listed.make}|${listed.model}`;
    byModel.set(model, [...(byModel.get(model) ?? []), listed]);
  });
  const ambiguous = [...byModel.values()].find((list) => list.length > 1)![0];
  const data = new VehicleDataApi(api);
  const lookup = { year: ambiguous.year, make: ambiguous.make, model: ambiguous.model };

  const conflict = await refused(() => data.getFluids(lookup));

  assert.equal(conflict.status, 409);
  assert.equal(conflict.error.error, "multiple_matches");
  const matches = conflict.error.matches ?? [];
  assert.ok(matches.length > 1);
  assert.equal((await data.getFluids({ configKey: matches[0].configKey })).vehicle.configKey, matches[0].configKey);
  const candidates = await new IdentityApi(api).listConfigs(lookup);
  assert.deepEqual(candidates.configs.map((listed) => listed.configKey), matches.map((match) => match.configKey));
}

/** The sandbox: the same client on the document's second server, without a key, over its own sample configurations. */
async function readsTheSandboxWithoutAKey(): Promise<void> {
  const sandbox = configuration("/api/sample");
  const year = (await new CatalogApi(sandbox).listYears({})).years[0].year;
  const configKey = (await new IdentityApi(sandbox).listConfigs({ year })).configs[0].configKey;
  assert.equal((await new VehicleDataApi(sandbox).getFluids({ configKey })).vehicle.configKey, configKey);
  // recalls are kept per model: the sample's 2023 Ford Ranger answers without a configuration
  const ranger = await new RecallsApi(sandbox).getRecalls({ year: 2023, make: "Ford", model: "Ranger" });
  assert.equal(ranger.recalls[0].doNotDrive, true);
}

/** Schedules the VIN's enrichment with an Idempotency-Key, polls the job until it ends, then reads the VIN. */
async function enrichesAndPolls(api: Configuration, vin: string): Promise<void> {
  const enrichment = new EnrichmentApi(api);
  const answer = await enrichment.scheduleEnrichment({ enrichmentRequest: { vin }, idempotencyKey: crypto.randomUUID() });
  assert.ok(["scheduled", "running"].includes(answer.status), answer.status);
  const jobId = answer.jobId!;

  const deadline = Date.now() + 120_000;
  let job = await enrichment.getEnrichmentStatus({ jobId });
  while (!["completed", "failed"].includes(job.status) && Date.now() < deadline) {
    await pause(500);
    job = await enrichment.getEnrichmentStatus({ jobId });
  }

  assert.equal(job.status, "completed", JSON.stringify(job));
  assert.equal((await new VehicleDataApi(api).getFluids({ vin })).vehicle.configKey, job.configKey);
  assert.equal((await new ServiceHistoryApi(api).getServiceHistory({ vin })).vin, vin);
  const held = await enrichment.scheduleEnrichment({ enrichmentRequest: { vin } });
  assert.equal(held.status, "held");
  assert.equal(held.configKey, job.configKey);
}

async function registersListsAndDeletesAWebhook(api: Configuration): Promise<void> {
  const webhooks = new WebhooksApi(api);
  const registered = await webhooks.registerWebhook({ webhookRegistration: { url: required("VSPEC_WEBHOOK_URL") } });
  assert.ok(registered.secret.startsWith("whsec_"));
  assert.ok((await webhooks.listWebhooks({})).webhooks.some((webhook) => webhook.id === registered.id));
  assert.ok(Array.isArray((await webhooks.listWebhookDeliveries({ limit: 5 })).deliveries));
  await webhooks.deleteWebhook({ id: registered.id });
  assert.ok(!(await webhooks.listWebhooks({})).webhooks.some((webhook) => webhook.id === registered.id));
}

async function requestsAccess(): Promise<void> {
  const received = await new AccessApi(configuration("/api")).requestAccess({
    accessRequest: { name: "TypeScript Client Tour", email: "typescript-tour@example.com",
      intendedUse: "Trying the generated TypeScript client", plan: "pro" },
  });
  assert.ok(received.id !== undefined);
}

/** Spends the free key's minute, then honours the 429's Retry-After once and is answered. */
async function waitsOutA429(configKey: string): Promise<void> {
  const data = new VehicleDataApi(configuration("/api", keys.free));
  let limited: { status: number; error: ApiError; retryAfter: string | null } | undefined;
  for (let sent = 0; sent < 200 && !limited; sent++) {
    try {
      await data.getFluids({ configKey });
    } catch (refusal) {
      limited = await errorOf(refusal);
    }
  }
  assert.ok(limited, "the free key is limited within 200 reads");
  assert.equal(limited.status, 429);
  assert.equal(limited.error.error, "rate_limited");
  const retryAfter = Number(limited.retryAfter);
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, String(limited.retryAfter));

  await pause(retryAfter * 1000);
  assert.equal((await data.getFluids({ configKey })).vehicle.configKey, configKey);
}

async function tour(): Promise<void> {
  console.log(`vspec-client from ${require.resolve("vspec-client")}`);
  const api = configuration("/api", keys.pro);
  assert.equal((await new StatusApi(configuration("/api")).getStatus({})).status, "ok");

  const catalog = await listings(api);
  const configKey = catalog[0].configKey;

  await readsEveryGroup(api, configKey);
  await readsAnImage(api, catalog);
  await decodes(api);
  await resolvesAnAmbiguousLookupThroughItsMatches(api, catalog);
  await readsTheSandboxWithoutAKey();
  await enrichesAndPolls(api, required("VSPEC_ENRICH_VIN"));
  await registersListsAndDeletesAWebhook(api);
  await requestsAccess();
  await waitsOutA429(configKey);
}

tour().then(
  () => console.log("TypeScript client: tour passed"),
  (failure) => {
    console.error("TypeScript client: tour failed:", failure);
    process.exit(1);
  },
);
