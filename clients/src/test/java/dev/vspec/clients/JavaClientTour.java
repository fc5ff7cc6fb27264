package dev.vspec.clients;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import dev.vspec.client.ApiClient;
import dev.vspec.client.ApiException;
import dev.vspec.client.api.AccessApi;
import dev.vspec.client.api.CatalogApi;
import dev.vspec.client.api.EnrichmentApi;
import dev.vspec.client.api.IdentityApi;
import dev.vspec.client.api.MaintenanceApi;
import dev.vspec.client.api.MediaApi;
import dev.vspec.client.api.RecallsApi;
import dev.vspec.client.api.ServiceHistoryApi;
import dev.vspec.client.api.StatusApi;
import dev.vspec.client.api.VehicleDataApi;
import dev.vspec.client.api.WebhooksApi;
import dev.vspec.client.model.AccessRequest;
import dev.vspec.client.model.ApiError;
import dev.vspec.client.model.ConfigsAnswer;
import dev.vspec.client.model.EnrichmentAnswer;
import dev.vspec.client.model.EnrichmentRequest;
import dev.vspec.client.model.EnrichmentStatusResponse;
import dev.vspec.client.model.ListedConfiguration;
import dev.vspec.client.model.RegisteredWebhook;
import dev.vspec.client.model.Webhook;
import dev.vspec.client.model.WebhookRegistration;
import dev.vspec.client.model.YearsPage;
import dev.vspec.clients.GeneratedClientsIT.TourKeys;
import java.io.File;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;

/**
 * The tour every generated client takes, with the Java one: each route once, a 409 answered through
 * its {@code matches}, the free key's 429 waited out for {@code Retry-After}, and an enrichment polled
 * until it ends. The TypeScript and Python tours follow the same steps in the same order.
 */
final class JavaClientTour {

    /** Sample data: a VIN the pinned vPIC release decodes, and its manufacturer's WMI. */
    private static final String DECODABLE_VIN = "1HGCM82633A004352";

    private static final String WMI = "1HG";
    /**
     * example.com's address: a public host that needs no name resolution (the service refuses a URL whose host
     * does not resolve, or resolves to a private or reserved address). No job of the key ends while it is
     * registered, so nothing is ever sent there.
     */
    static final String WEBHOOK = "https://93.184.215.14/vspec-client-tour";

    private final String gateway;
    private final TourKeys keys;

    JavaClientTour(String gateway, TourKeys keys) {
        this.gateway = gateway;
        this.keys = keys;
    }

    void run(String enrichVin) throws Exception {
        ApiClient api = client(gateway + "/api", keys.pro());

        assertThat(new StatusApi(client(gateway + "/api", null))
                        .getStatus(StatusApi.APIGetStatusRequest.newBuilder().build())
                        .getStatus())
                .isEqualTo("ok");

        List<ListedConfiguration> catalog = listings(api);
        ListedConfiguration first = catalog.get(0);
        String configKey = first.getConfigKey();

        readsEveryGroup(api, configKey);
        readsAnImage(api, catalog);
        decodes(api);
        resolvesAnAmbiguousLookupThroughItsMatches(api, catalog);
        readsTheSandboxWithoutAKey();
        enrichesAndPolls(api, enrichVin);
        registersListsAndDeletesAWebhook(api);
        requestsAccess();
        waitsOutA429(configKey);
    }

    private static ApiClient client(String baseUri, String key) {
        ApiClient client = new ApiClient();
        client.updateBaseUri(baseUri);
        if (key != null) {
            client.setRequestInterceptor(request -> request.header("x-api-key", key));
        }
        return client;
    }

    /** Years, makes, models, trims and configurations, following {@code next} through every page of the years. */
    private static List<ListedConfiguration> listings(ApiClient api) throws ApiException {
        CatalogApi catalog = new CatalogApi(api);
        List<Integer> years = new ArrayList<>();
        String cursor = null;
        do {
            YearsPage page = catalog.listYears(CatalogApi.APIListYearsRequest.newBuilder()
                    .limit(2)
                    .cursor(cursor)
                    .build());
            page.getYears().forEach(year -> years.add(year.getYear()));
            cursor = page.getNext() == null ? null : queryParameter(page.getNext(), "cursor");
        } while (cursor != null);
        assertThat(years).isNotEmpty().isSorted();

        int year = years.get(0);
        String make = catalog.listMakes(
                        CatalogApi.APIListMakesRequest.newBuilder().year(year).build())
                .getMakes()
                .get(0)
                .getMake();
        String model = catalog.listModels(CatalogApi.APIListModelsRequest.newBuilder()
                        .year(year)
                        .make(make)
                        .build())
                .getModels()
                .get(0)
                .getModel();
        assertThat(catalog.listTrims(CatalogApi.APIListTrimsRequest.newBuilder()
                                .year(year)
                                .make(make)
                                .model(model)
                                .build())
                        .getTrims())
                .isNotEmpty();

        List<ListedConfiguration> configurations = new ArrayList<>();
        for (Integer each : years) {
            ConfigsAnswer page = new IdentityApi(api)
                    .listConfigs(IdentityApi.APIListConfigsRequest.newBuilder()
                            .year(each)
                            .limit(100)
                            .build());
            configurations.addAll(page.getConfigs());
        }
        assertThat(configurations)
                .isNotEmpty()
                .allSatisfy(listed -> assertThat(listed.getMake()).isNotBlank());
        return configurations;
    }

    private static void readsEveryGroup(ApiClient api, String configKey) throws ApiException {
        VehicleDataApi data = new VehicleDataApi(api);
        assertThat(data.getFluids(VehicleDataApi.APIGetFluidsRequest.newBuilder()
                                .configKey(configKey)
                                .build())
                        .getVehicle()
                        .getConfigKey())
                .isEqualTo(configKey);
        assertThat(data.getSpecs(VehicleDataApi.APIGetSpecsRequest.newBuilder()
                                .configKey(configKey)
                                .build())
                        .getVehicle()
                        .getConfigKey())
                .isEqualTo(configKey);
        assertThat(data.getTires(VehicleDataApi.APIGetTiresRequest.newBuilder()
                                .configKey(configKey)
                                .build())
                        .getVehicle()
                        .getConfigKey())
                .isEqualTo(configKey);
        assertThat(data.getParts(VehicleDataApi.APIGetPartsRequest.newBuilder()
                                .configKey(configKey)
                                .build())
                        .getVehicle()
                        .getConfigKey())
                .isEqualTo(configKey);
        assertThat(data.getMaintenanceSchedule(VehicleDataApi.APIGetMaintenanceScheduleRequest.newBuilder()
                                .configKey(configKey)
                                .build())
                        .getVehicle()
                        .getConfigKey())
                .isEqualTo(configKey);
        // include= as the README shows it: a list, sent comma-separated
        var vehicle = data.getVehicle(VehicleDataApi.APIGetVehicleRequest.newBuilder()
                .configKey(configKey)
                .include(List.of("fluids", "specs"))
                .build());
        assertThat(vehicle.getVehicle().getConfigKey()).isEqualTo(configKey);
        assertThat(vehicle.getFluids()).isNotNull();
        assertThat(vehicle.getSpecs()).isNotNull();
        assertThat(vehicle.getTires()).as("not included").isNull();

        MaintenanceApi maintenance = new MaintenanceApi(api);
        assertThat(maintenance
                        .getMaintenance(MaintenanceApi.APIGetMaintenanceRequest.newBuilder()
                                .configKey(configKey)
                                .mileage(30000)
                                .build())
                        .getVehicle()
                        .getConfigKey())
                .isEqualTo(configKey);
        assertThat(maintenance
                        .getLabor(MaintenanceApi.APIGetLaborRequest.newBuilder()
                                .configKey(configKey)
                                .build())
                        .getVehicle()
                        .getConfigKey())
                .isEqualTo(configKey);
    }

    /**
     * The render of the first configuration that has one; a configuration without one is 404 {@code no_image} (a
     * configuration another tour enriched meanwhile, of an earlier year, comes first in the catalog).
     */
    private static void readsAnImage(ApiClient api, List<ListedConfiguration> catalog) throws Exception {
        MediaApi media = new MediaApi(api);
        for (ListedConfiguration listed : catalog) {
            try {
                File image = media.getVehicleImage(MediaApi.APIGetVehicleImageRequest.newBuilder()
                        .configKey(listed.getConfigKey())
                        .build());
                assertThat(image.length()).isPositive();
                return;
            } catch (ApiException e) {
                assertThat(e.getCode()).as(e.getResponseBody()).isEqualTo(404);
                assertThat(api.getObjectMapper()
                                .readValue(e.getResponseBody(), ApiError.class)
                                .getError()
                                .getValue())
                        .isEqualTo("no_image");
            }
        }
        throw new AssertionError("no configuration of the catalog has an image");
    }

    private static void decodes(ApiClient api) throws ApiException {
        IdentityApi identity = new IdentityApi(api);
        var decoded = identity.decode(
                IdentityApi.APIDecodeRequest.newBuilder().vin(DECODABLE_VIN).build());
        assertThat(decoded.getDecode().getMake()).isEqualTo("Honda");
        assertThat(decoded.getDecode().getVpicMake()).isEqualTo("HONDA");
        assertThat(decoded.getDecode().getModelYear()).isEqualTo(2003);
        var partial = identity.decode(IdentityApi.APIDecodeRequest.newBuilder()
                .partialVin(DECODABLE_VIN.substring(0, 8))
                .build());
        assertThat(partial.getPartialDecode().getWmi()).isEqualTo(WMI);
        var batch = identity.decodeBatch(IdentityApi.APIDecodeBatchRequest.newBuilder()
                .vins(List.of(DECODABLE_VIN, "1HGCM82633A00435"))
                .build());
        assertThat(batch.getResults()).extracting(result -> result.getStatus()).containsExactly(200, 400);
        assertThat(batch.getResults().get(1).getError().getError().getValue()).isEqualTo("invalid_vin");
        assertThat(identity.wmi(IdentityApi.APIWmiRequest.newBuilder().wmi(WMI).build())
                        .getMakes())
                .map(make -> make.toUpperCase(java.util.Locale.ROOT))
                .contains("HONDA");
    }

    /** A year, make and model with several configurations is 409; the client repeats it with one of its matches. */
    private static void resolvesAnAmbiguousLookupThroughItsMatches(ApiClient api, List<ListedConfiguration> catalog)
            throws Exception {
        Map<String, List<ListedConfiguration>> byModel = new LinkedHashMap<>();
        catalog.forEach(listed -> byModel.computeIfAbsent(
                        listed.getYear() + "|" + listed.getMake() + "|" + listed.getModel(), any -> new ArrayList<>())
                .add(listed));
        ListedConfiguration ambiguous = byModel.values().stream()
                .filter(list -> list.size() > 1)
                .findFirst()
                .orElseThrow()
                .get(0);
        VehicleDataApi data = new VehicleDataApi(api);

        ApiException conflict = catchThrowableOfType(
                ApiException.class,
                () -> data.getFluids(VehicleDataApi.APIGetFluidsRequest.newBuilder()
                        .year(ambiguous.getYear())
                        .make(ambiguous.getMake())
                        .model(ambiguous.getModel())
                        .build()));

        assertThat(conflict.getCode()).isEqualTo(409);
        ApiError error = api.getObjectMapper().readValue(conflict.getResponseBody(), ApiError.class);
        assertThat(error.getError().getValue()).isEqualTo("multiple_matches");
        assertThat(error.getMatches()).hasSizeGreaterThan(1);
        String chosen = error.getMatches().get(0).getConfigKey();
        assertThat(data.getFluids(VehicleDataApi.APIGetFluidsRequest.newBuilder()
                                .configKey(chosen)
                                .build())
                        .getVehicle()
                        .getConfigKey())
                .isEqualTo(chosen);
        ConfigsAnswer candidates = new IdentityApi(api)
                .listConfigs(IdentityApi.APIListConfigsRequest.newBuilder()
                        .year(ambiguous.getYear())
                        .make(ambiguous.getMake())
                        .model(ambiguous.getModel())
                        .build());
        assertThat(candidates.getConfigs())
                .extracting(ListedConfiguration::getConfigKey)
                .containsExactlyElementsOf(error.getMatches().stream()
                        .map(match -> match.getConfigKey())
                        .toList());
    }

    /** The sandbox: the same client on the document's second server, without a key, over its own sample configurations. */
    private void readsTheSandboxWithoutAKey() throws ApiException {
        ApiClient sandbox = client(gateway + "/api/sample", null);
        int year = new CatalogApi(sandbox)
                .listYears(CatalogApi.APIListYearsRequest.newBuilder().build())
                .getYears()
                .get(0)
                .getYear();
        String configKey = new IdentityApi(sandbox)
                .listConfigs(IdentityApi.APIListConfigsRequest.newBuilder()
                        .year(year)
                        .build())
                .getConfigs()
                .get(0)
                .getConfigKey();
        assertThat(new VehicleDataApi(sandbox)
                        .getFluids(VehicleDataApi.APIGetFluidsRequest.newBuilder()
                                .configKey(configKey)
                                .build())
                        .getVehicle()
                        .getConfigKey())
                .isEqualTo(configKey);
        // recalls are kept per model: the sample's 2023 Ford Ranger answers without a configuration
        assertThat(new RecallsApi(sandbox)
                        .getRecalls(RecallsApi.APIGetRecallsRequest.newBuilder()
                                .year(2023)
                                .make("Ford")
                                .model("Ranger")
                                .build())
                        .getRecalls()
                        .get(0)
                        .getDoNotDrive())
                .isTrue();
    }

    /** Schedules the VIN's enrichment with an Idempotency-Key, polls the job until it ends, then reads the VIN. */
    private static void enrichesAndPolls(ApiClient api, String vin) throws ApiException {
        EnrichmentApi enrichment = new EnrichmentApi(api);
        String idempotencyKey = UUID.randomUUID().toString();
        EnrichmentAnswer answer = enrichment.scheduleEnrichment(EnrichmentApi.APIScheduleEnrichmentRequest.newBuilder()
                .enrichmentRequest(new EnrichmentRequest().vin(vin))
                .idempotencyKey(idempotencyKey)
                .build());
        assertThat(answer.getStatus().getValue()).isIn("scheduled", "running");
        String jobId = answer.getJobId();

        EnrichmentStatusResponse ended = await().atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(500))
                .until(
                        () -> enrichment.getEnrichmentStatus(EnrichmentApi.APIGetEnrichmentStatusRequest.newBuilder()
                                .jobId(jobId)
                                .build()),
                        job -> List.of("completed", "failed")
                                .contains(job.getStatus().getValue()));

        assertThat(ended.getStatus().getValue()).as("%s", ended).isEqualTo("completed");
        assertThat(new VehicleDataApi(api)
                        .getFluids(VehicleDataApi.APIGetFluidsRequest.newBuilder()
                                .vin(vin)
                                .build())
                        .getVehicle()
                        .getConfigKey())
                .isEqualTo(ended.getConfigKey());
        assertThat(new ServiceHistoryApi(api)
                        .getServiceHistory(ServiceHistoryApi.APIGetServiceHistoryRequest.newBuilder()
                                .vin(vin)
                                .build())
                        .getVin())
                .isEqualTo(vin);
        EnrichmentAnswer held = enrichment.scheduleEnrichment(EnrichmentApi.APIScheduleEnrichmentRequest.newBuilder()
                .enrichmentRequest(new EnrichmentRequest().vin(vin))
                .build());
        assertThat(held.getStatus().getValue()).isEqualTo("held");
        assertThat(held.getConfigKey()).isEqualTo(ended.getConfigKey());
    }

    private static void registersListsAndDeletesAWebhook(ApiClient api) throws ApiException {
        WebhooksApi webhooks = new WebhooksApi(api);
        RegisteredWebhook registered = webhooks.registerWebhook(WebhooksApi.APIRegisterWebhookRequest.newBuilder()
                .webhookRegistration(new WebhookRegistration().url(URI.create(WEBHOOK + "/java")))
                .build());
        assertThat(registered.getSecret()).startsWith("whsec_");
        assertThat(webhooks.listWebhooks(
                                WebhooksApi.APIListWebhooksRequest.newBuilder().build())
                        .getWebhooks())
                .extracting(Webhook::getId)
                .contains(registered.getId());
        assertThat(webhooks.listWebhookDeliveries(WebhooksApi.APIListWebhookDeliveriesRequest.newBuilder()
                                .limit(5)
                                .build())
                        .getDeliveries())
                .isNotNull();
        webhooks.deleteWebhook(WebhooksApi.APIDeleteWebhookRequest.newBuilder()
                .id(registered.getId())
                .build());
        assertThat(webhooks.listWebhooks(
                                WebhooksApi.APIListWebhooksRequest.newBuilder().build())
                        .getWebhooks())
                .extracting(Webhook::getId)
                .doesNotContain(registered.getId());
    }

    private void requestsAccess() throws ApiException {
        var received = new AccessApi(client(gateway + "/api", null))
                .requestAccess(AccessApi.APIRequestAccessRequest.newBuilder()
                        .accessRequest(new AccessRequest()
                                .name("Java Client Tour")
                                .email("java-tour@example.com")
                                .intendedUse("Trying the generated Java client")
                                .plan(AccessRequest.PlanEnum.PRO))
                        .build());
        assertThat(received.getId()).isNotNull();
    }

    /** Spends the free key's minute, then honours the 429's Retry-After once and is answered. */
    private void waitsOutA429(String configKey) throws Exception {
        VehicleDataApi data = new VehicleDataApi(client(gateway + "/api", keys.free()));
        Callable<Object> read = () -> data.getFluids(VehicleDataApi.APIGetFluidsRequest.newBuilder()
                .configKey(configKey)
                .build());
        ApiException limited = null;
        for (int sent = 0; sent < 200 && limited == null; sent++) {
            try {
                read.call();
            } catch (ApiException e) {
                limited = e;
            }
        }
        assertThat(limited).as("the free key is limited within 200 reads").isNotNull();
        assertThat(limited.getCode()).isEqualTo(429);
        assertThat(ApiClient.createDefaultObjectMapper()
                        .readValue(limited.getResponseBody(), ApiError.class)
                        .getError()
                        .getValue())
                .isEqualTo("rate_limited");
        long retryAfter = Long.parseLong(
                limited.getResponseHeaders().firstValue("Retry-After").orElseThrow());
        assertThat(retryAfter).isBetween(1L, 60L);

        await().pollDelay(Duration.ofSeconds(retryAfter))
                .atMost(Duration.ofSeconds(retryAfter + 10))
                .until(() -> read.call() != null);
    }

    private static String queryParameter(String pathAndQuery, String name) {
        for (String pair : URI.create(pathAndQuery).getRawQuery().split("&")) {
            if (pair.startsWith(name + "=")) {
                return java.net.URLDecoder.decode(
                        pair.substring(name.length() + 1), java.nio.charset.StandardCharsets.UTF_8);
            }
        }
        return null;
    }
}
