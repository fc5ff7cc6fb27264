"""The tour of the generated Python client (generator "python", pydantic 2), the same steps as the Java
client's (JavaClientTour): each route once, a 409 answered through its matches, the free key's 429 waited
out for Retry-After, and an enrichment polled until it ends. GeneratedClientsIT runs it against a running
stack with VSPEC_URL, VSPEC_PRO_KEY, VSPEC_FREE_KEY, VSPEC_ENRICH_VIN and VSPEC_WEBHOOK_URL, and the
package installed from the client's wheel (target/dist) on PYTHONPATH."""

import os
import sys
import time
import uuid
from collections import defaultdict
from urllib.parse import parse_qs, urlsplit

import vspec_client
from vspec_client.exceptions import ApiException
from vspec_client.models.access_request import AccessRequest
from vspec_client.models.api_error import ApiError
from vspec_client.models.enrichment_request import EnrichmentRequest
from vspec_client.models.webhook_registration import WebhookRegistration

# Sample data: a VIN the pinned vPIC release decodes, and its manufacturer's WMI.
DECODABLE_VIN = "1HGCM82633A004352"
WMI = "1HG"

GATEWAY = os.environ["VSPEC_URL"]
PRO_KEY = os.environ["VSPEC_PRO_KEY"]
FREE_KEY = os.environ["VSPEC_FREE_KEY"]


def client(server, key=None, retries=None):
    configuration = vspec_client.Configuration(host=GATEWAY + server, retries=retries)
    if key:
        configuration.api_key["apiKeyHeader"] = key
    return vspec_client.ApiClient(configuration)


def refusal(call):
    """The status, error record and Retry-After of a request that must be refused."""
    try:
        call()
    except ApiException as refused:
        return refused.status, ApiError.from_json(refused.body), refused.headers.get("Retry-After")
    raise AssertionError("expected the request to be refused")


def listings(api):
    catalog = vspec_client.CatalogApi(api)
    years, cursor = [], None
    while True:
        page = catalog.list_years(limit=2, cursor=cursor)
        years += [entry.year for entry in page.years]
        if not page.next:
            break
        cursor = parse_qs(urlsplit(page.next).query)["cursor"][0]
    assert years and years == sorted(years), years

    year = years[0]
    make = catalog.list_makes(year=year).makes[0].make
    model = catalog.list_models(year=year, make=make).models[0].model
    assert catalog.list_trims(year=year, make=make, model=model).trims

    configurations = []
    for each in years:
        configurations += vspec_client.IdentityApi(api).list_configs(year=each, limit=100).configs
    assert configurations and all(listed.make for listed in configurations)
    return configurations


def reads_every_group(api, config_key):
    data = vspec_client.VehicleDataApi(api)
    assert data.get_fluids(config_key=config_key).vehicle.config_key == config_key
    assert data.get_specs(config_key=config_key).vehicle.config_key == config_key
    assert data.get_tires(config_key=config_key).vehicle.config_key == config_key
    assert data.get_parts(config_key=config_key).vehicle.config_key == config_key
    assert data.get_maintenance_schedule(config_key=config_key).vehicle.config_key == config_key
    # include= as docs/api-guide.md shows it: a list, sent comma-separated
    vehicle = data.get_vehicle(config_key=config_key, include=["fluids", "specs"])
    assert vehicle.vehicle.config_key == config_key
    assert vehicle.fluids is not None and vehicle.specs is not None
    assert vehicle.tires is None, "not included"

    maintenance = vspec_client.MaintenanceApi(api)
    assert maintenance.get_maintenance(config_key=config_key, mileage=30000).vehicle.config_key == config_key
    assert maintenance.get_labor(config_key=config_key).vehicle.config_key == config_key


def reads_an_image(api, catalog):
    """The render of the first configuration that has one; a configuration without one is 404 no_image (a
    configuration another tour enriched meanwhile, of an earlier year, comes first in the catalog)."""
    media = vspec_client.MediaApi(api)
    for listed in catalog:
        try:
            assert len(media.get_vehicle_image(config_key=listed.config_key)) > 0
            return
        except ApiException as refused:
            assert refused.status == 404, refused.body
            assert ApiError.from_json(refused.body).error == "no_image", refused.body
    raise AssertionError("no configuration of the catalog has an image")


def decodes(api):
    identity = vspec_client.IdentityApi(api)
    decoded = identity.decode(vin=DECODABLE_VIN)
    assert decoded.decode.make == "Honda" and decoded.decode.vpic_make == "HONDA", decoded
    assert decoded.decode.model_year == 2003, decoded
    assert identity.decode(partial_vin=DECODABLE_VIN[:8]).partial_decode.wmi == WMI
    batch = identity.decode_batch(vins=[DECODABLE_VIN, DECODABLE_VIN[:16]])
    assert [result.status for result in batch.results] == [200, 400]
    assert batch.results[1].error.error == "invalid_vin"
    assert "HONDA" in [make.upper() for make in identity.wmi(wmi=WMI).makes]


def resolves_an_ambiguous_lookup_through_its_matches(api, catalog):
    """A year, make and model with several configurations is 409; the client repeats it with one of its matches."""
    by_model = defaultdict(list)
    for listed in catalog:
        by_model[(listed.year, listed.make, listed.model)].append(listed)
    year, make, model = next(key for key, listed in by_model.items() if len(listed) > 1)
    data = vspec_client.VehicleDataApi(api)

    status, error, _ = refusal(lambda: data.get_fluids(year=year, make=make, model=model))

    assert status == 409 and error.error == "multiple_matches", error
    assert len(error.matches) > 1
    chosen = error.matches[0].config_key
    assert data.get_fluids(config_key=chosen).vehicle.config_key == chosen
    candidates = vspec_client.IdentityApi(api).list_configs(year=year, make=make, model=model)
    assert [listed.config_key for listed in candidates.configs] == [match.config_key for match in error.matches]


def reads_the_sandbox_without_a_key():
    """The sandbox: the same client on the document's second server, without a key, over its own sample configurations."""
    sandbox = client("/api/sample")
    year = vspec_client.CatalogApi(sandbox).list_years().years[0].year
    config_key = vspec_client.IdentityApi(sandbox).list_configs(year=year).configs[0].config_key
    assert vspec_client.VehicleDataApi(sandbox).get_fluids(config_key=config_key).vehicle.config_key == config_key
    # recalls are kept per model: the sample's 2023 Ford Ranger answers without a configuration
    ranger = vspec_client.RecallsApi(sandbox).get_recalls(year=2023, make="Ford", model="Ranger")
    assert ranger.recalls[0].do_not_drive is True, ranger


def enriches_and_polls(api, vin):
    """Schedules the VIN's enrichment with an Idempotency-Key, polls the job until it ends, then reads the VIN."""
    enrichment = vspec_client.EnrichmentApi(api)
    answer = enrichment.schedule_enrichment(EnrichmentRequest(vin=vin), idempotency_key=str(uuid.uuid4()))
    assert answer.status in ("scheduled", "running"), answer

    deadline = time.monotonic() + 120
    job = enrichment.get_enrichment_status(job_id=answer.job_id)
    while job.status not in ("completed", "failed") and time.monotonic() < deadline:
        time.sleep(0.5)
        job = enrichment.get_enrichment_status(job_id=answer.job_id)

    assert job.status == "completed", job
    assert vspec_client.VehicleDataApi(api).get_fluids(vin=vin).vehicle.config_key == job.config_key
    assert vspec_client.ServiceHistoryApi(api).get_service_history(vin=vin).vin == vin
    held = enrichment.schedule_enrichment(EnrichmentRequest(vin=vin))
    assert held.status == "held" and held.config_key == job.config_key, held


def registers_lists_and_deletes_a_webhook(api):
    webhooks = vspec_client.WebhooksApi(api)
    registered = webhooks.register_webhook(WebhookRegistration(url=os.environ["VSPEC_WEBHOOK_URL"]))
    assert registered.secret.startswith("whsec_")
    assert registered.id in [webhook.id for webhook in webhooks.list_webhooks().webhooks]
    assert webhooks.list_webhook_deliveries(limit=5).deliveries is not None
    webhooks.delete_webhook(registered.id)
    assert registered.id not in [webhook.id for webhook in webhooks.list_webhooks().webhooks]


def requests_access():
    received = vspec_client.AccessApi(client("/api")).request_access(AccessRequest(
        name="Python Client Tour", email="python-tour@example.com",
        intended_use="Trying the generated Python client", plan="pro"))
    assert received.id is not None


def waits_out_a_429(config_key):
    """Spends the free key's minute with a client that never retries, to see the 429 and its Retry-After; then
    reads with the default client, which waits a 429's Retry-After out by itself (urllib3 retries a 429 that
    carries one) and is answered."""
    never_retries = vspec_client.VehicleDataApi(client("/api", FREE_KEY, retries=False))
    limited = None
    for _ in range(200):
        try:
            never_retries.get_fluids(config_key=config_key)
        except ApiException as refused:
            limited = refused
            break
    assert limited is not None, "the free key is limited within 200 reads"
    assert limited.status == 429, limited.body
    assert ApiError.from_json(limited.body).error == "rate_limited"
    retry_after = int(limited.headers["Retry-After"])
    assert 1 <= retry_after <= 60, retry_after

    started = time.monotonic()
    answer = vspec_client.VehicleDataApi(client("/api", FREE_KEY)).get_fluids(config_key=config_key)
    assert answer.vehicle.config_key == config_key
    assert time.monotonic() - started >= retry_after - 1, "answered after waiting Retry-After out"


def step(name, call, *args):
    started = time.monotonic()
    result = call(*args)
    print(f"{name}: {time.monotonic() - started:.1f} s", flush=True)
    return result


def tour():
    print(f"vspec_client {vspec_client.__version__} from {vspec_client.__file__}", flush=True)
    api = client("/api", PRO_KEY)
    assert vspec_client.StatusApi(client("/api")).get_status().status == "ok"

    catalog = step("listings", listings, api)
    config_key = catalog[0].config_key

    step("every group", reads_every_group, api, config_key)
    step("an image", reads_an_image, api, catalog)
    step("decodes", decodes, api)
    step("409 matches", resolves_an_ambiguous_lookup_through_its_matches, api, catalog)
    step("sandbox", reads_the_sandbox_without_a_key)
    step("enrichment", enriches_and_polls, api, os.environ["VSPEC_ENRICH_VIN"])
    step("webhooks", registers_lists_and_deletes_a_webhook, api)
    step("request access", requests_access)
    step("429 Retry-After", waits_out_a_429, config_key)


if __name__ == "__main__":
    tour()
    print("Python client: tour passed")
    sys.exit(0)
