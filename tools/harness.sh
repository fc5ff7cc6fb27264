#!/usr/bin/env bash
# Runs the test harness (module harness: the synthetic catalog, the benchmarks and the fault drill), which
# bench/*.sh and tools/faults.sh use; operators have ./vspec, which holds none of it.
#   tools/harness.sh --help    its commands
# Like ./vspec, it builds its jar first when the jar is missing or older than the sources (VSPEC_SKIP_BUILD=1
# runs the jar as built), runs with ./vspec's JVM options (VSPEC_JAVA_OPTS replaces them), and runs from the
# jar unpacked once per build: the fault drill starts its parts with the CLI on that class path.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

jar=harness/target/vspec-harness-exec.jar
unpacked=harness/target/vspec-harness
stale() {
  [ ! -f "$jar" ] && return 0
  [ -n "$(find pom.xml ./*/pom.xml ./*/src -newer "$jar" -type f \
           \( -name '*.java' -o -name 'pom.xml' -o -path '*/src/main/resources/*' \) -print -quit 2>/dev/null)" ]
}
if [ "${VSPEC_SKIP_BUILD:-}" != 1 ] && stale; then
  echo "Building the test harness (the first build downloads dependencies and takes a few minutes) ..." >&2
  ./mvnw -q -B -DskipTests -pl harness -am package >&2
fi

# Unpacked from this very jar: the copy's marker carries the jar's modification time.
current() {
  [ -f "$unpacked/from" ] && ! [ "$jar" -nt "$unpacked/from" ] && ! [ "$jar" -ot "$unpacked/from" ]
}
if ! current; then
  # another launcher's copy lands beside this one and whichever is moved in first stays
  fresh="$(mktemp -d "$unpacked.XXXXXX")"
  touch -r "$jar" "$fresh/from.time"
  java -Djarmode=tools -jar "$jar" extract --destination "$fresh/jar" --application-filename vspec-harness.jar >/dev/null
  mv "$fresh/from.time" "$fresh/jar/from"
  if ! current; then
    rm -rf "$unpacked"
    mv "$fresh/jar" "$unpacked"
  fi
  rm -rf "$fresh"
fi

java_opts="${VSPEC_JAVA_OPTS:-$(sed -n 's/^java_opts="\(.*\)"$/\1/p' vspec)}"
# shellcheck disable=SC2086 # the options are words
exec java $java_opts -cp "$unpacked/vspec-harness.jar" dev.vspec.harness.Harness "$@"
