#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server for the store tests and prints the URI to use; stops
# and deletes it with `stop DIR`.
#
# Usage: bash scripts/postgres-throwaway.sh start DIR   (prints postgresql:///... on stdout)
#        bash scripts/postgres-throwaway.sh stop DIR
#
# The server listens only on a Unix socket in DIR (no TCP port to collide with or expose),
# trusts local connections (it holds nothing but test data and lives for one CI run) and runs
# as an unprivileged user: the invoking one, or `postgres` (Debian's package creates it) when
# invoked as root, since PostgreSQL refuses to run as root.
# One role is the exception, for the tests of failed authentication: `cryptobench_pw` must give
# its password (scram-sha-256), `throwaway-password`, and owns the database `cryptobench_pw`
# (the URI printed with both names replaced reaches it). The password is test data of a server
# that lives for one run; it is set through psql's standard input, never on a command line.
set -euo pipefail
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

action="${1:-}"
dir="${2:-}"
[[ -n "$action" && -n "$dir" ]] || die "usage: postgres-throwaway.sh start|stop DIR"
bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[[ -x "$bindir/initdb" ]] || die "no PostgreSQL server binaries (apt-get install postgresql)"

as_server_user() {
  if [[ "$(id -u)" == 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

case "$action" in
  start)
    mkdir -p "$dir"
    [[ "$(id -u)" == 0 ]] && chown postgres: "$dir"
    as_server_user "$bindir/initdb" -D "$dir/data" -A trust -U cryptobench --no-sync \
      >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; die "initdb failed"; }
    # pg_hba.conf is read top down: the password role's line before initdb's "trust" lines.
    hba="$dir/data/pg_hba.conf"
    { echo "local all cryptobench_pw scram-sha-256"; cat "$hba"; } >"$hba.new"
    mv "$hba.new" "$hba"
    [[ "$(id -u)" == 0 ]] && chown postgres: "$hba"
    as_server_user "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-k $dir -c listen_addresses='' -c fsync=off -c max_connections=50" start \
      >/dev/null || { cat "$dir/server.log" >&2; die "the server did not start"; }
    as_server_user "$bindir/createdb" -h "$dir" -U cryptobench cryptobench
    printf "SET password_encryption = 'scram-sha-256';\nCREATE ROLE cryptobench_pw LOGIN PASSWORD 'throwaway-password';\n" |
      as_server_user "$bindir/psql" -q -h "$dir" -U cryptobench -d cryptobench -v ON_ERROR_STOP=1 -f - \
        >/dev/null
    as_server_user "$bindir/createdb" -h "$dir" -U cryptobench -O cryptobench_pw cryptobench_pw
    echo "postgresql:///cryptobench?host=$dir&user=cryptobench"
    ;;
  stop)
    as_server_user "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) die "usage: postgres-throwaway.sh start|stop DIR" ;;
esac
