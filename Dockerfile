# One image holds every deployable; docker-compose.yml picks which one a container runs.
FROM eclipse-temurin:17-jdk AS build
# The build bundles the API's document (docs/openapi/) with Redocly's CLI and renders its reference (Node.js 22).
COPY --from=node:22-bookworm-slim /usr/local/bin/node /usr/local/bin/node
COPY --from=node:22-bookworm-slim /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/npm
RUN ln -s /usr/local/lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm
WORKDIR /src
COPY . .
# Not the clients module: the generated clients' packages (built with python3 and npm) are no part of the image,
# nor are the test harness and the drills.
RUN ./mvnw -q -B -DskipTests package -pl '!clients,!harness,!drills' \
 && mkdir /out \
 && for m in command-side projections query-side sandbox gateway; do cp "$m/target/$m-0.1.0-SNAPSHOT-exec.jar" "/out/$m.jar"; done \
 && cp cli/target/vspec.jar /out/vspec.jar

# Node.js is for the build alone: the run-time image has none (vspec vpic install downloads over HTTP).
FROM eclipse-temurin:17-jre
# /var/cache/vspec: the vPIC cache (VSPEC_CACHE_DIR of compose's vpic-install); a named volume mounted there
# first takes this directory's owner
RUN useradd --system --uid 10001 vspec \
 && mkdir -p /var/cache/vspec \
 && chown vspec:vspec /var/cache/vspec
WORKDIR /app
COPY --from=build /out/ /app/
USER vspec
ENV JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75 -Daxoniq.update-checker.disabled=true"
ENTRYPOINT ["sh", "-c", "exec java -jar /app/${VSPEC_DEPLOYABLE}.jar \"$@\"", "--"]
