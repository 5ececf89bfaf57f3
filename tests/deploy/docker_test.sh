#!/usr/bin/env bash
# The Docker deployment, tested (label slow; ctest -R docker_deploy, or run this file).
#
# Builds every image the repository's docker-compose.yml needs without pulling anything:
#   debian:bookworm (and -slim)  debootstrap --variant=minbase from the Debian mirror apt uses
#   corrchess-test-postgres:15   tests/deploy/postgres (stands in for postgres:15)
#   corrchess-proxies            deploy/Dockerfile.proxies (HAProxy, PgBouncer)
#   corrchess                    the repository's Dockerfile
# then starts the profile `scale` (PostgreSQL, PgBouncer, three corrchess instances,
# HAProxy) with tests/deploy/docker-compose.test.yml on top, and through HAProxy registers
# two players, plays a challenge game for a few moves and reads it back. Checks: every
# instance runs as an unprivileged user, answers /readyz and is healthy for Docker, HAProxy
# spreads the requests over all three (their /metrics), the admin CLI works inside the
# image, an instance recreated at a new address gets requests from HAProxy again, and the
# default profile's single `corrchess` service serves the same database.
# Containers,
# networks and volumes are removed at the end, also on failure; the images stay (the layer
# cache makes the next run fast: only a changed server source compiles again).
#
# Needs root or access to a Docker daemon, docker-compose, debootstrap, curl and jq
# (scripts/install-deps --docker). Without a running daemon it starts dockerd itself
# (data in /var/lib/corrchess-docker, log in $CORRCHESS_DOCKER_WORK/dockerd.log; no
# iptables rules) and stops it at the end. The test's times and the image size are printed at the end.
#   CORRCHESS_DOCKER_WORK        work directory (default /var/tmp/corrchess-docker-test)
#   CORRCHESS_DOCKER_REBUILD_BASE=1  debootstrap debian:bookworm again
#   CORRCHESS_DOCKER_KEEP=1      leave the topology running when the daemon was already
#                                running (remove it: docker-compose -p corrchess-dockertest
#                                -f docker-compose.yml -f tests/deploy/docker-compose.test.yml
#                                --profile scale down -v)
set -euo pipefail
# One block, read whole before it runs: editing this file does not derail a run under way.
{
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${CORRCHESS_DOCKER_WORK:-/var/tmp/corrchess-docker-test}
readonly project=corrchess-dockertest
readonly squatter=$project-placeholder  # a container outside compose (see "recreated")
# Builds use the host's network (apt and npm registries); the legacy builder works with
# every client (Debian's docker.io 20.10 has no buildx).
export DOCKER_BUILDKIT=0 COMPOSE_DOCKER_CLI_BUILD=0
mkdir -p "$work"
started=$SECONDS
declare -A took=()  # seconds per phase, printed at the end
image_bytes=""

log() { echo "docker_test: $*" >&2; }
fail() {
  log "FAILED: $*"
  exit 1
}
# Without the tools the test does not run: exit 77, which ctest reports as skipped.
for tool in docker docker-compose debootstrap curl jq; do
  if ! command -v "$tool" >/dev/null; then
    log "SKIPPED: $tool missing (scripts/install-deps --docker installs it)"
    exit 77
  fi
done

compose() {
  docker-compose -p "$project" -f "$root/docker-compose.yml" \
    -f "$root/tests/deploy/docker-compose.test.yml" --profile scale "$@"
}

composed=0  # set before the first `compose`: from then on the trap takes the project down
cleanup() {
  local status=$?
  set +e
  if [ "$composed" = 1 ] && [ "$status" -ne 0 ]; then
    compose logs --no-color >"$work/compose.log" 2>&1
    log "logs of every container: $work/compose.log"
  fi
  if [ "$composed" = 1 ] && [ "${CORRCHESS_DOCKER_KEEP:-0}" = 1 ] && [ -z "$dockerd_pid" ]; then
    log "kept running: docker-compose -p $project ... down -v removes it"
  elif [ "$composed" = 1 ]; then
    docker rm -f "$squatter" >/dev/null 2>&1
    compose down -v --remove-orphans --timeout 10 >"$work/down.log" 2>&1 ||
      { cat "$work/down.log" >&2; status=1; }
    local label="label=com.docker.compose.project=$project"
    if [ -n "$(docker ps -aq --filter "$label")$(docker volume ls -q --filter "$label")" ] ||
      [ -n "$(docker ps -aq --filter "name=^$squatter\$")" ] ||
      [ -n "$(docker network ls -q --filter "$label")" ]; then
      log "FAILED: containers, volumes or networks of $project are left"
      status=1
    fi
  fi
  if [ -n "$dockerd_pid" ]; then
    kill "$dockerd_pid" 2>/dev/null
    wait "$dockerd_pid" 2>/dev/null
  fi
  rm -rf "$work/syzygy"
  local phases="" phase
  for phase in base helper_images corrchess_image topology_ready game recreate single; do
    [ -z "${took[$phase]:-}" ] || phases+=" $phase ${took[$phase]},"
  done
  log "times (s):$phases total $((SECONDS - started))"
  [ -z "$image_bytes" ] || log "corrchess image: $((image_bytes / 1000000)) MB"
  [ "$status" -ne 0 ] || log "1 passed, 0 failed"
  exit "$status"
}

# --- the daemon --------------------------------------------------------------------------
dockerd_pid=""
trap cleanup EXIT
trap 'exit 143' TERM INT
if ! docker info >/dev/null 2>&1; then
  command -v dockerd >/dev/null || fail "no Docker daemon and no dockerd (scripts/install-deps --docker)"
  [ "$(id -u)" -eq 0 ] || fail "no Docker daemon reachable, and starting one needs root"
  export DOCKER_HOST=unix:///run/corrchess-docker/docker.sock
  mkdir -p /run/corrchess-docker /var/lib/corrchess-docker
  log "starting dockerd (log: $work/dockerd.log)"
  # niced: the image build compiles the whole server, and containers inherit the niceness.
  # The host is left as it was: no iptables rules (no FORWARD policy change, no NAT), no IP
  # forwarding, no docker0. Nothing here needs them: builds use the host's network, the
  # containers talk over compose's own bridge networks, and docker-proxy publishes ports.
  setsid nice -n 10 dockerd --data-root /var/lib/corrchess-docker \
    --exec-root /run/corrchess-docker/exec --pidfile /run/corrchess-docker/dockerd.pid \
    --iptables=false --ip-forward=false --bridge=none \
    -H "$DOCKER_HOST" >>"$work/dockerd.log" 2>&1 </dev/null &
  dockerd_pid=$!
  for _ in $(seq 1 300); do
    docker info >/dev/null 2>&1 && break
    kill -0 "$dockerd_pid" 2>/dev/null || break
    sleep 0.1
  done
  if ! docker info >/dev/null 2>&1; then
    tail -n 30 "$work/dockerd.log" >&2
    fail "dockerd did not start (see $work/dockerd.log)"
  fi
fi

# --- the images --------------------------------------------------------------------------

# apt_source SUITE: the mirror apt uses on this machine for SUITE (bookworm,
# bookworm-security), from deb822 .sources files or one-line .list files; empty if none.
apt_source() {
  local uri
  uri=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
    awk -v suite="$1" '/^URIs:/ {u = $2}
      /^Suites:/ && u { for (i = 2; i <= NF; i++) if ($i == suite) { print u; exit } }')
  if [ -z "$uri" ]; then
    uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
      awk -v suite="$1" '$1 == "deb" { i = 2; if ($i ~ /^\[/) { while ($i !~ /\]$/) i++; i++ }
        if ($(i + 1) == suite) { print $i; exit } }')
  fi
  echo "$uri"
}

# debian:bookworm and debian:bookworm-slim: a minimal Debian from debootstrap. Local CA
# certificates of this machine (/usr/local/share/ca-certificates, e.g. of a TLS-inspecting
# egress proxy) go along, so that apt's ca-certificates and npm trust the same servers the
# host does.
make_base_image() {
  local mirror security rootfs=$work/rootfs changes=()
  mirror=$(apt_source bookworm)
  mirror=${mirror:-http://deb.debian.org/debian}
  security=$(apt_source bookworm-security)
  log "debootstrap bookworm from $mirror"
  rm -rf "$rootfs"
  nice -n 10 debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -n 20 "$work/debootstrap.log" >&2; fail "debootstrap failed"; }
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
    "$rootfs/etc/apt/sources.list"
  cat >"$rootfs/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $mirror
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  if [ -n "$security" ]; then
    printf '\nTypes: deb\nURIs: %s\nSuites: bookworm-security\nComponents: main\n%s\n' \
      "$security" "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" \
      >>"$rootfs/etc/apt/sources.list.d/debian.sources"
  fi
  if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    mkdir -p "$rootfs/usr/local/share/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$rootfs/usr/local/share/ca-certificates/"
    # Node reads its own CA list; this adds the system's (once ca-certificates is installed).
    changes+=(-c "ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt")
  fi
  tar -C "$rootfs" -c . | docker import "${changes[@]}" -c 'CMD ["bash"]' - debian:bookworm >/dev/null
  docker tag debian:bookworm debian:bookworm-slim
  rm -rf "$rootfs"
}

# build TAG LOGNAME ARGS...: docker build, output to $work/LOGNAME.log.
build() {
  local tag=$1 name=$2
  shift 2
  nice -n 10 docker build --force-rm --network host -t "$tag" "$@" >"$work/$name.log" 2>&1 ||
    { tail -n 40 "$work/$name.log" >&2; fail "building $tag (log: $work/$name.log)"; }
}

t=$SECONDS
if [ "${CORRCHESS_DOCKER_REBUILD_BASE:-0}" = 1 ] || ! docker image inspect debian:bookworm >/dev/null 2>&1; then
  make_base_image
fi
took[base]=$((SECONDS - t))
t=$SECONDS
build corrchess-test-postgres:15 postgres-image "$root/tests/deploy/postgres"
build corrchess-proxies proxies-image -f "$root/deploy/Dockerfile.proxies" "$root"
took[helper_images]=$((SECONDS - t))
t=$SECONDS
log "building the corrchess image (log: $work/corrchess-image.log)"
build corrchess corrchess-image "$root"
took[corrchess_image]=$((SECONDS - t))
image_bytes=$(docker image inspect -f '{{.Size}}' corrchess)

# --- the topology ------------------------------------------------------------------------
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
haproxy_port=$(free_port)
single_port=$(free_port)
export POSTGRES_PASSWORD
POSTGRES_PASSWORD=$(od -An -tx1 -N12 /dev/urandom | tr -d ' \n')
export CORRCHESS_SCALE_PUBLISH="127.0.0.1:$haproxy_port" CORRCHESS_PUBLISH="127.0.0.1:$single_port"
export SYZYGY_DIR=$work/syzygy
mkdir -p "$SYZYGY_DIR"
unset CORRCHESS_ADMIN_USER CORRCHESS_ADMIN_PASSWORD

composed=1
docker rm -f "$squatter" >/dev/null 2>&1 || true  # what a crashed earlier run left
compose down -v --remove-orphans --timeout 5 >/dev/null 2>&1 || true
t=$SECONDS
compose up -d --no-build haproxy >"$work/up.log" 2>&1 || { cat "$work/up.log" >&2; fail "compose up"; }
base="http://127.0.0.1:$haproxy_port"

# wait_until SECONDS WHAT COMMAND...: retries COMMAND every half second.
wait_until() {
  local seconds=$1 what=$2
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || fail "$what: not after ${seconds}s"
    sleep 0.5
  done
}
healthy() { [ "$(docker inspect -f '{{.State.Health.Status}}' "$1")" = healthy ]; }
container() { compose ps -q "$1"; }

wait_until 180 "/readyz through HAProxy" curl -fsS -m 2 "$base/readyz"
for n in 1 2 3; do
  wait_until 120 "corrchess$n healthy (HEALTHCHECK /readyz)" healthy "$(container "corrchess$n")"
done
took[topology_ready]=$((SECONDS - t))
log "topology ready after ${took[topology_ready]}s; HAProxy at $base"

# Every instance: PID 1 is corrchess-server, not root; its /readyz answers inside.
for n in 1 2 3; do
  id=$(container "corrchess$n")
  [ "$(docker inspect -f '{{.Config.User}}' "$id")" = corrchess ] || fail "corrchess$n: image user"
  uid=$(docker exec "$id" awk '/^Uid:/ {print $2}' /proc/1/status)
  comm=$(docker exec "$id" cat /proc/1/comm)
  if [ "$uid" = 0 ] || [ "$comm" != corrchess-serve ]; then
    fail "corrchess$n: PID 1 is $comm, uid $uid"
  fi
  docker exec "$id" curl -fsS -m 2 http://127.0.0.1:8080/readyz >/dev/null ||
    fail "corrchess$n: /readyz inside the container"
  log "corrchess$n: corrchess-server runs as uid $uid, ready"
done

# --- a game through HAProxy --------------------------------------------------------------
# call METHOD PATH TOKEN [BODY]: the JSON answer; fails on an HTTP error.
call() {
  local args=(-sS --fail-with-body -m 10 -X "$1" "$base$2" -H 'Content-Type: application/json')
  [ -z "$3" ] || args+=(-H "Authorization: Bearer $3")
  [ -z "${4:-}" ] || args+=(-d "$4")
  curl "${args[@]}" || fail "$1 $2"
}
login() {
  call POST /api/v1/auth/login "" "{\"username\": \"$1\", \"password\": \"$2\"}" | jq -er .token
}

t=$SECONDS
call GET /healthz "" | jq -e '.status == "ok"' >/dev/null
call POST /api/v1/auth/register "" \
  '{"username": "alice", "password": "alice-password-1", "display_name": "Alice"}' >/dev/null
call POST /api/v1/auth/register "" '{"username": "bob", "password": "bob-password-1"}' >/dev/null
alice=$(login alice alice-password-1)
bob=$(login bob bob-password-1)
challenge=$(call POST /api/v1/challenges "$alice" \
  '{"opponent": "bob", "color": "white", "time_control": {"type": "iccf", "moves": 10, "days": 50}}' |
  jq -er .id)
game=$(call POST "/api/v1/challenges/$challenge/accept" "$bob" | jq -er .game.id)
log "challenge $challenge accepted: game $game"
moves=(e4 e5 Nf3 Nc6 Bb5 a6)
for i in "${!moves[@]}"; do
  player=$alice
  [ $((i % 2)) -eq 0 ] || player=$bob
  call POST "/api/v1/games/$game/moves" "$player" "{\"move\": \"${moves[$i]}\"}" >/dev/null
  call POST "/api/v1/games/$game/moves/accept" "$player" "{\"move\": \"${moves[$i]}\"}" |
    jq -e --argjson ply $((i + 1)) '.ply == $ply' >/dev/null || fail "move ${moves[$i]}"
done
call GET "/api/v1/games/$game" "$bob" >"$work/game.json"
jq -e --arg sans "${moves[*]}" '.status == "ongoing" and .to_move == "white" and
  ([.moves[].san] | join(" ")) == $sans' "$work/game.json" >/dev/null ||
  fail "the game read back: $(cat "$work/game.json")"
call GET "/api/v1/games/$game/pgn" "$alice" >"$work/game.pgn"
# The movetext is wrapped (and carries clock comments): one line first.
tr '\n' ' ' <"$work/game.pgn" | grep -q '\[Result "\*"\].* 1\. e4 .*e5 .*2\. Nf3 .*Nc6 .*3\. Bb5 .*a6 ' ||
  fail "PGN: $(cat "$work/game.pgn")"
log "game $game read back through HAProxy: ${moves[*]}"

# The admin CLI of the image, through PgBouncer like the server; the admin signs in.
echo 'director-password-1' | compose exec -T corrchess2 corrchess-server admin create-user director \
  --role admin >/dev/null || fail "corrchess-server admin create-user in the container"
director=$(login director director-password-1)
call GET "/api/v1/games/$game" "$director" | jq -e '.moves | length == 6' >/dev/null
took[game]=$((SECONDS - t))

# HAProxy spread the game's requests: every instance answered some of the POSTs (its
# /metrics, read inside its container, counts requests by method and route).
for n in 1 2 3; do
  posts=$(docker exec "$(container "corrchess$n")" curl -fsS -m 5 http://127.0.0.1:8080/metrics |
    awk '/^corrchess_http_requests_total\{method="POST",route="\/api\/v1\// {n += $NF} END {print n + 0}')
  [ "$posts" -gt 0 ] || fail "corrchess$n answered no POST through HAProxy"
  log "corrchess$n answered $posts POST requests"
done

# --- an instance recreated at a new address ----------------------------------------------
# `docker-compose up` after an image update recreates a container, which may come back at
# another address; HAProxy must follow the name (deploy/haproxy.cfg "resolvers"). A
# placeholder container takes corrchess2's old address so that the new one cannot get it.
t=$SECONDS
scale_ip() {
  docker inspect -f '{{with index .NetworkSettings.Networks "'"${project}_scale"'"}}{{.IPAddress}}{{end}}' "$1"
}
old_ip=$(scale_ip "$(container corrchess2)")
compose stop corrchess2 >>"$work/up.log" 2>&1
docker run -d --name "$squatter" --network "${project}_scale" --ip "$old_ip" \
  debian:bookworm sleep 600 >/dev/null
compose up -d --no-build --no-deps --force-recreate corrchess2 >>"$work/up.log" 2>&1 ||
  { cat "$work/up.log" >&2; fail "compose up corrchess2 again"; }
new_ip=$(scale_ip "$(container corrchess2)")
[ "$new_ip" != "$old_ip" ] || fail "corrchess2 came back at its old address $old_ip"
wait_until 120 "corrchess2 healthy again" healthy "$(container corrchess2)"
# healthz_count N: GET /healthz requests instance N answered (its /metrics).
healthz_count() {
  docker exec "$(container "corrchess$1")" curl -fsS -m 5 http://127.0.0.1:8080/metrics |
    awk '/^corrchess_http_requests_total\{method="GET",route="\/healthz"/ {n += $NF} END {print n + 0}'
}
through_haproxy_to_2() {
  for _ in 1 2 3 4 5 6; do curl -fsS -m 2 "$base/healthz" >/dev/null || return 1; done
  [ "$(healthz_count 2)" -gt 0 ]
}
wait_until 60 "HAProxy sending requests to corrchess2 at its new address $new_ip" through_haproxy_to_2
call GET "/api/v1/games/$game" "$alice" | jq -e '.moves | length == 6' >/dev/null
took[recreate]=$((SECONDS - t))
log "corrchess2 recreated ($old_ip -> $new_ip): HAProxy follows it"

# --- the default profile: one corrchess on the same database -----------------------------
t=$SECONDS
compose up -d --no-build corrchess >>"$work/up.log" 2>&1 || { cat "$work/up.log" >&2; fail "compose up corrchess"; }
wait_until 120 "/readyz of the service corrchess" curl -fsS -m 2 "http://$CORRCHESS_PUBLISH/readyz"
curl -fsS -m 5 "http://$CORRCHESS_PUBLISH/api/v1/games/$game" -H "Authorization: Bearer $alice" |
  jq -e '.moves | length == 6' >/dev/null || fail "the service corrchess does not see game $game"
took[single]=$((SECONDS - t))
exit 0
}
