#!/bin/sh
# make bench: run every bench/bench-*.sh with the release binaries in $1
# and print one table. Each script compares a command against the
# standard-tool pipeline a user would otherwise run, in the same run, and
# prints its rows (bench/lib.sh: table_row); notes go to stderr.
set -e
cd "$(dirname "$0")"
BT_BIN=$1
export BT_BIN
echo "| workload | ours | pipeline | ratio | target | peak RSS / JSON size |"
echo "| --- | --- | --- | --- | --- | --- |"
for b in bench-*.sh; do
	sh "./$b"
done
