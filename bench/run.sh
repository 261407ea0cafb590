#!/bin/sh
# make bench: run every bench/bench-*.sh with the release binaries in $1.
# Each script compares a command against the standard-tool pipeline a user
# would otherwise run, in the same run, and prints the ratio.
set -e
cd "$(dirname "$0")"
BT_BIN=$1
export BT_BIN
for b in bench-*.sh; do
	echo "== $b"
	sh "./$b"
done
