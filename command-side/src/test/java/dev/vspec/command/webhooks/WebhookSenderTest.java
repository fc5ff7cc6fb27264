package dev.vspec.command.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The delivery client against a receiver on loopback, its host name resolved by the guard for each delivery. */
class WebhookSenderTest {

    private static final byte[] BODY = "{}".getBytes(StandardCharsets.UTF_8);
    private static final Duration TIMEOUT = Duration.ofMillis(500);
    /** Far beyond the deadline: a send still under way by then would hold its sender as long as the receiver liked. */
    private static final Duration DEADLINE_AND_MARGIN = TIMEOUT.plusSeconds(5);

    private final AtomicReference<String> hostAddress = new AtomicReference<>("127.0.0.1");
    private final AddressGuard guard = new AddressGuard(Set.of(AddressKind.LOOPBACK), host ->
            new InetAddress[] {InetAddress.getByName(host.equals("hooks.test") ? hostAddress.get() : host)});
    private final WebhookSender sender = new WebhookSender(guard, Duration.ofSeconds(1), TIMEOUT);
    private WebhookReceiver receiver;
    private HostileReceiver hostile;

    @AfterEach
    void close() throws Exception {
        sender.close();
        if (receiver != null) {
            receiver.close();
        }
        if (hostile != null) {
            hostile.close();
        }
    }

    @Test
    void aHostThatResolvesToARefusedAddressAtDeliveryGetsNothing() throws Exception {
        receiver = new WebhookReceiver();
        String url = receiver.url("/hook").replace("127.0.0.1", "hooks.test");

        assertThat(sender.send(url, "evt_1", "t=1,v1=00", BODY).outcome()).isEqualTo("delivered");
        hostAddress.set("169.254.169.254");
        SendOutcome rebound = sender.send(url, "evt_1", "t=1,v1=00", BODY);

        assertThat(rebound.outcome()).isEqualTo("refused_address");
        assertThat(rebound.error()).contains("169.254.169.254", "link-local");
        assertThat(receiver.received("/hook")).hasSize(1);
    }

    @Test
    void aReceiverThatIsNotListeningIsUnreachableInPlainWords() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }

        SendOutcome outcome = sender.send("http://127.0.0.1:" + closedPort + "/hook", "evt_0", "t=1,v1=00", BODY);

        assertThat(outcome.outcome()).isEqualTo("unreachable");
        assertThat(outcome.error()).isEqualTo("the connection was refused");
        assertThat(WebhookSender.unreachable(new IOException("Connection reset")))
                .isEqualTo("the connection failed: Connection reset");
    }

    @Test
    void theEventIdAndSignatureTravelAsHeaders() throws Exception {
        receiver = new WebhookReceiver();

        sender.send(receiver.url("/headers"), "evt_2", "t=5,v1=ab", BODY);

        WebhookReceiver.Received request = receiver.received("/headers").get(0);
        assertThat(request.header("Vspec-Event-Id")).isEqualTo("evt_2");
        assertThat(request.header("Vspec-Signature")).isEqualTo("t=5,v1=ab");
        assertThat(new String(request.body(), StandardCharsets.UTF_8)).isEqualTo("{}");
    }

    @Test
    void aRedirectIsNotFollowedAndASlowReceiverTimesOut() throws Exception {
        receiver = new WebhookReceiver();

        SendOutcome redirected = sender.send(receiver.url("/moved", 302), "evt_3", "t=1,v1=00", BODY);
        SendOutcome slow = sender.send(receiver.url("/slow", WebhookReceiver.SLOW), "evt_3", "t=1,v1=00", BODY);

        assertThat(redirected.outcome()).isEqualTo("rejected");
        assertThat(redirected.statusCode()).isEqualTo(302);
        assertThat(redirected.error()).isEqualTo("redirects are not followed");
        assertThat(slow.outcome()).isEqualTo("timeout");
        assertThat(slow.took()).isBetween(Duration.ofMillis(450), Duration.ofSeconds(3));
    }

    /** Each byte comes long before a timeout per read would end the wait; the attempt's one deadline ends it. */
    @ParameterizedTest
    @EnumSource(
            value = HostileReceiver.Behaviour.class,
            names = {"TRICKLES_HEAD", "NEVER_ANSWERS"})
    void aReceiverThatDoesNotFinishItsStatusInTimeFailsTheAttemptAtTheDeadline(HostileReceiver.Behaviour behaviour)
            throws Exception {
        hostile = new HostileReceiver(behaviour);

        CompletableFuture<SendOutcome> sending =
                CompletableFuture.supplyAsync(() -> sender.send(hostile.url("/hook"), "evt_4", "t=1,v1=00", BODY));

        SendOutcome outcome =
                await().atMost(DEADLINE_AND_MARGIN).until(() -> sending.getNow(null), done -> done != null);
        assertThat(outcome.outcome()).isEqualTo("timeout");
        assertThat(outcome.statusCode()).isNull();
        assertThat(outcome.error()).isEqualTo("no answer within 0.5 s");
        assertThat(outcome.took()).isGreaterThanOrEqualTo(TIMEOUT);
        await().atMost(DEADLINE_AND_MARGIN)
                .untilAsserted(() -> assertThat(hostile.dropped()).as("hung up").isEqualTo(1));
    }

    /** Only the status counts: a body that never ends is not read, and its connection is dropped, not drained. */
    @Test
    void aReceiverThatTricklesItsBodyHasAnsweredWithItsStatus() throws Exception {
        hostile = new HostileReceiver(HostileReceiver.Behaviour.TRICKLES_BODY);

        CompletableFuture<SendOutcome> sending =
                CompletableFuture.supplyAsync(() -> sender.send(hostile.url("/hook"), "evt_5", "t=1,v1=00", BODY));

        SendOutcome outcome =
                await().atMost(DEADLINE_AND_MARGIN).until(() -> sending.getNow(null), done -> done != null);
        assertThat(outcome.outcome()).isEqualTo("delivered");
        assertThat(outcome.statusCode()).isEqualTo(200);
        await().atMost(DEADLINE_AND_MARGIN)
                .untilAsserted(() -> assertThat(hostile.dropped()).as("hung up").isEqualTo(1));
    }
}
