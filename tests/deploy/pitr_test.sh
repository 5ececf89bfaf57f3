#!/usr/bin/env bash
# Point-in-time restore with pgBackRest, tested (label slow; ctest -R pitr_restore, or run this
# file). The procedure is the one of docs/operations.md, "Backups and point-in-time restore".
#
# A PostgreSQL 15 cluster of its own archives its WAL with pgBackRest into a repository folder;
# a full backup, then a corrchess-server plays four moves of a game, an incremental backup,
# two more moves; the test notes the database's time T, waits, and plays two more. Then it
# restores to T into a fresh data directory, starts that cluster and finds exactly the six
# moves made before T (and `corrchess-server verify` passes on it).
#
# Needs pgbackrest (scripts/install-deps --ha), PostgreSQL 15, curl and jq; run as root (the
# clusters run as postgres) or as the owner of the temp folder. CORRCHESS_BIN_DIR (default
# build/bin) is where corrchess-server is. Takes 1-4 minutes on a busy 2-core machine (3.6 min
# measured at load average 30: the two backups dominate).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=scripts/lib/pg.sh
source "$root/scripts/lib/pg.sh"
bin=${CORRCHESS_BIN_DIR:-$root/build/bin}
command -v pgbackrest >/dev/null || { echo "pgbackrest missing: scripts/install-deps --ha" >&2; exit 77; }

work=$(mktemp -d /tmp/corrchess-pitr.XXXXXX)
chmod 755 "$work"
readonly primary_port=5471 restored_port=5472 stanza=corrchess
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  pg_stop "$work/pg/data" immediate
  pg_stop "$work/restored/data" immediate
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "pitr_test: FAILED: $*" >&2; exit 1; }

mkdir -p "$work/repo" "$work/log" "$work/lock" "$work/pg" "$work/restored"
cat >"$work/pgbackrest.conf" <<EOF
[global]
repo1-path=$work/repo
repo1-retention-full=2
log-path=$work/log
lock-path=$work/lock
log-level-console=warn
start-fast=y

[$stanza]
pg1-path=$work/pg/data
pg1-socket-path=$work/pg/run
pg1-port=$primary_port
EOF
if [ "$(id -u)" -eq 0 ]; then chown -R postgres:postgres "$work"; fi
backrest() { pg_as_owner pgbackrest --config="$work/pgbackrest.conf" --stanza=$stanza "$@"; }

pg_init "$work/pg/data"
cat >>"$work/pg/data/postgresql.conf" <<EOF
wal_level = replica
archive_mode = on
archive_command = 'pgbackrest --config=$work/pgbackrest.conf --stanza=$stanza archive-push %p'
EOF
pg_start "$work/pg/data" "$work/pg/run" $primary_port
sql() { psql "host=$work/pg/run port=$primary_port user=postgres dbname=postgres" -Atqc "$1"; }
backrest stanza-create
backrest check
backrest backup --type=full

# The server and a game.
http_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
CORRCHESS_DATABASE_URL="host=$work/pg/run port=$primary_port user=postgres dbname=postgres" \
  CORRCHESS_LISTEN="127.0.0.1:$http_port" CORRCHESS_ADMIN_USER=td CORRCHESS_ADMIN_PASSWORD=td-password-1 \
  CORRCHESS_LOG_LEVEL=warn "$bin/corrchess-server" serve >"$work/server.log" 2>&1 &
server_pid=$!
api="http://127.0.0.1:$http_port/api/v1"
for _ in $(seq 1 300); do curl -fs "http://127.0.0.1:$http_port/readyz" >/dev/null && break; sleep 0.1; done
call() {  # call METHOD PATH TOKEN [JSON]: the answer's body; fails unless 2xx
  curl -fsS -X "$1" -H "Authorization: Bearer $3" -H 'Content-Type: application/json' \
    ${4:+--data "$4"} "$api$2"
}
login() { call POST /auth/login "" "{\"username\":\"$1\",\"password\":\"$2\"}" | jq -r .token; }
for p in white black; do call POST /auth/register "" "{\"username\":\"$p\",\"password\":\"password-123\"}" >/dev/null; done
td=$(login td td-password-1)
white=$(login white password-123)
black=$(login black password-123)
game=$(call POST /admin/games "$td" '{"white":"white","black":"black","time_control":{"type":"per_move","days":5}}' | jq -r .id)
line=(e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6)
play() {  # play PLY (1-based)
  local san=${line[$(($1 - 1))]} token=$white
  [ $(($1 % 2)) -eq 0 ] && token=$black
  call POST "/games/$game/moves" "$token" "{\"move\":\"$san\"}" >/dev/null
  call POST "/games/$game/moves/accept" "$token" "{\"move\":\"$san\"}" >/dev/null
}
for ply in 1 2 3 4; do play $ply; done
backrest backup --type=incr
for ply in 5 6; do play $ply; done
sleep 1.2
target=$(sql "SELECT now()")
sleep 1.2
for ply in 7 8; do play $ply; done
[ "$(sql "SELECT count(*) FROM moves WHERE game_id = $game")" = 8 ] || fail "8 moves expected before the restore"
kill "$server_pid"
wait "$server_pid" 2>/dev/null || true
server_pid=""
# The WAL segment holding moves 7 and 8 goes to the repository.
sql "SELECT pg_switch_wal()" >/dev/null
backrest check
echo "restoring to $target" >&2

# Restore into a fresh data directory, to T, and start it (promoted at T).
mkdir -p "$work/restored/data"
chmod 700 "$work/restored/data"
if [ "$(id -u)" -eq 0 ]; then chown -R postgres:postgres "$work/restored"; fi
backrest restore --pg1-path="$work/restored/data" --type=time "--target=$target" \
  --target-action=promote
pg_start "$work/restored/data" "$work/restored/run" $restored_port -c archive_mode=off
restored() { psql "host=$work/restored/run port=$restored_port user=postgres dbname=postgres" -Atqc "$1"; }
for _ in $(seq 1 300); do [ "$(restored "SELECT pg_is_in_recovery()")" = f ] && break; sleep 0.1; done
[ "$(restored "SELECT pg_is_in_recovery()")" = f ] || fail "the restored cluster did not promote"
moves=$(restored "SELECT string_agg(san, ' ' ORDER BY ply) FROM moves WHERE game_id = $game")
[ "$moves" = "e4 e5 Nf3 Nc6 Bb5 a6" ] || fail "restored moves: '$moves' (expected the six before $target)"
CORRCHESS_DATABASE_URL="host=$work/restored/run port=$restored_port user=postgres dbname=postgres" \
  "$bin/corrchess-server" verify >"$work/verify.log" 2>&1 || { cat "$work/verify.log" >&2; fail "verify"; }
echo "pitr_test: restored to $target: $moves (the six moves before it); verify passed"
