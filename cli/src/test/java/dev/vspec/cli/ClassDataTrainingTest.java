package dev.vspec.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The training run ./vspec records its class data sharing archive from takes the listings all the way to their output. */
class ClassDataTrainingTest {

    @Test
    void listsThePretendKeyAndRequestAsTableAndJson() throws Exception {
        StringWriter out = new StringWriter();

        assertThat(ClassDataTraining.train(new PrintWriter(out))).isEmpty();

        assertThat(out.toString())
                .containsPattern(
                        " 1  vsk_live_AbCdEfGh…  training@example\\.com +pro +maintenance:read,labor:read +300 +250,000 ")
                .contains("\"prefix\" : \"vsk_live_AbCdEfGh\"")
                .containsPattern(
                        " 1  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d  Training +training@example\\.com +pro +Class data sharing +key 1")
                .contains("\"intended_use\" : \"Class data sharing\"")
                .contains("Usage: vspec up ");
    }
}
