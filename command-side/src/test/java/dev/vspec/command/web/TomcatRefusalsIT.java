package dev.vspec.command.web;

import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.testing.HostileRequests.HostileRequest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.test.web.server.LocalServerPort;

/** What Tomcat refuses before any of the command side's filters or controllers sees it is answered with the error record. */
@CommandSideIntegrationTest
class TomcatRefusalsIT {

    @LocalServerPort
    int port;

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.vspec.testing.HostileRequests#all")
    void whatTomcatRefusesIsAnErrorRecord(HostileRequest request) {
        request.assertRefusedAsErrorRecord(port);
    }
}
