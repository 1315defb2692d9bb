#!/usr/bin/env bash
# Runs the PostgreSQL store's benchmarks (the target PostgresBenchmarks) against a server of their
# own, which this script starts and throws away: a cluster made with the installed `initdb` in a
# temporary folder, listening on a free loopback port (TCP, as a fleet's instances reach their
# database), with PostgreSQL's default durability (each commit flushed), run as the `postgres`
# user when the script runs as root (the server refuses root). The benchmarks find it in
# USERDEFAULTSKIT_BENCHMARK_POSTGRES (HOST:PORT; the role `postgres`, trusted, and the database
# `userdefaultskit_benchmarks`). One server for the whole run: the benchmark tool runs each
# benchmark in a process of its own, and a server per process would cost each a cluster.
#
# Usage, from anywhere: Benchmarks/postgres.sh [options of `swift package benchmark`], e.g.
# `Benchmarks/postgres.sh --scale --time-units microseconds`.
set -euo pipefail
cd "$(dirname "$0")"

bindir=$(pg_config --bindir 2>/dev/null || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
fi
for program in initdb pg_ctl psql; do
  if [ ! -x "$bindir/$program" ]; then
    echo "postgres.sh: PostgreSQL's $program is not installed (looked in '$bindir')" >&2
    exit 1
  fi
done

folder=$(mktemp -d)
as_server=()
if [ "$(id -u)" = 0 ]; then
  chown postgres: "$folder"
  as_server=(runuser -u postgres --)
fi
stop_server() {
  "${as_server[@]}" "$bindir/pg_ctl" -D "$folder/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$folder"
}
trap stop_server EXIT

"${as_server[@]}" "$bindir/initdb" -D "$folder/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
  >"$folder/initdb.log"
# NB: a port nothing listens on now; the server would refuse to start on a taken one.
port=55432
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
# NB: 300 connections: the benchmark of 50 observing processes holds about three each.
"${as_server[@]}" "$bindir/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 60 \
  -o "-k $folder -c listen_addresses=127.0.0.1 -p $port -c max_connections=300" start >/dev/null
"$bindir/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -X -q -v ON_ERROR_STOP=1 \
  -c "CREATE DATABASE userdefaultskit_benchmarks"

USERDEFAULTSKIT_BENCHMARK_POSTGRES="127.0.0.1:$port" swift package benchmark --target PostgresBenchmarks "$@"
