# Shared helpers for running a private PostgreSQL cluster (sourced by scripts/test and
# scripts/run). PostgreSQL refuses to run as root, so as root the server runs as the
# `postgres` user via runuser; otherwise as the current user.

pg_bindir() {
  local dir
  for dir in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
    if [ -x "$dir/initdb" ]; then echo "$dir"; return 0; fi
  done
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return 0; fi
  echo "PostgreSQL server binaries (initdb, pg_ctl) not found; run scripts/install-deps" >&2
  return 1
}

# Runs a command as the cluster owner.
pg_as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# pg_init DATADIR: creates a cluster (trust auth, Unix sockets only) if absent.
pg_init() {
  local data=$1 bindir
  bindir=$(pg_bindir) || return 1
  if [ -f "$data/PG_VERSION" ]; then return 0; fi
  mkdir -p "$data"
  if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$data" "$(dirname "$data")"; fi
  chmod 700 "$data"
  pg_as_owner "$bindir/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 \
    --locale=C.UTF-8 --no-instructions >"$data.initdb.log" 2>&1 || {
    cat "$data.initdb.log" >&2
    return 1
  }
}

# pg_start DATADIR SOCKETDIR PORT [extra postgres options]: starts and waits until ready.
pg_start() {
  local data=$1 sockdir=$2 port=$3 bindir
  shift 3
  bindir=$(pg_bindir) || return 1
  mkdir -p "$sockdir"
  if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$sockdir"; fi
  pg_as_owner "$bindir/pg_ctl" -D "$data" -l "$data/../postgres.log" -w -t 60 \
    -o "-c listen_addresses='' -k $sockdir -p $port $*" start >/dev/null || {
    tail -n 30 "$data/../postgres.log" >&2
    return 1
  }
}

# pg_stop DATADIR [mode]: stops the cluster if it runs.
pg_stop() {
  local data=$1 mode=${2:-fast} bindir
  bindir=$(pg_bindir) || return 0
  if [ -f "$data/postmaster.pid" ]; then
    pg_as_owner "$bindir/pg_ctl" -D "$data" -m "$mode" -w stop >/dev/null 2>&1 || true
  fi
}
