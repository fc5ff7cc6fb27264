# One image holds every deployable; docker-compose.yml picks which one a container runs.
FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
COPY . .
RUN ./mvnw -q -B -DskipTests package \
 && mkdir /out \
 && for m in command-side projections query-side sandbox gateway; do cp "$m/target/$m-0.1.0-SNAPSHOT-exec.jar" "/out/$m.jar"; done \
 && cp cli/target/vspec.jar /out/vspec.jar

FROM eclipse-temurin:17-jre
RUN useradd --system --uid 10001 vspec
WORKDIR /app
COPY --from=build /out/ /app/
USER vspec
ENV JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75 -Daxoniq.update-checker.disabled=true"
ENTRYPOINT ["sh", "-c", "exec java -jar /app/${VSPEC_DEPLOYABLE}.jar \"$@\"", "--"]
