#!/bin/sh
# The fixture gate on real history: `git fixture-diff --check c~ c` for
# every first-parent commit of a Triton/TLX repository that touched the
# sched2tlx corpus, as a pre-merge job would have run it. Prints, per
# commit, the rules that blocked it and those that only left notes, then
# the totals. Target (issue 21): at most 1 of the 31 commits of
# facebookexperimental/triton blocked with the default rules.
#
#   sh bench/gate-history.sh <triton clone or mirror> [<bin dir>]
#
# <bin dir> holds the git-fixture-diff to judge (default: this tree's
# bin/, `make` builds it); pass an older build's to compare. Extra
# settings go in GIT_CONFIG_PARAMETERS as for any git command. Not part
# of `make bench` or CI, which have no such repository: without one it
# says so and exits 0.
set -e
repo=${1:-}
bin=${2:-$(cd "$(dirname "$0")/.." && pwd)/bin}
root=third_party/tlx/tools/sched2tlx/examples

if [ -z "$repo" ] || ! git -C "$repo" rev-parse -q --verify "HEAD^{commit}" >/dev/null 2>&1; then
	echo "skip: no repository at '${repo:-<none given>}' (usage: $0 <triton repo> [<bin dir>])"
	exit 0
fi
[ -x "$bin/git-fixture-diff" ] || { echo "no git-fixture-diff in '$bin': run make" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/gate-history.XXXXXX")
trap 'rm -rf "$work"' EXIT
# A clone sharing the objects: the repository given is only read.
git clone -q --bare --shared "$repo" "$work/repo.git"
export GIT_CONFIG_NOSYSTEM=1 HOME="$work" PATH="$bin:$PATH"
cd "$work/repo.git"

git log --first-parent --format=%H -- "$root" >"$work/commits"
total=$(wc -l <"$work/commits")
blocked=0
printf '%-10s %-44s %-32s %s\n' commit subject "blocked by" notes
while read -r c; do
	rc=0
	git fixture-diff --check "$c~" "$c" >"$work/out" 2>"$work/err" || rc=$?
	# "<case>: <rule>: ..." blocks, "<case>: <rule> (note): ..." does not.
	awk -v blk="$work/blk" -v note="$work/note" '{
		sub(/^[^:]*: /, "")
		rule = $0; sub(/: .*/, "", rule)
		if (rule ~ / \(note\)$/) { sub(/ \(note\)$/, "", rule); print rule >>note }
		else print rule >>blk
	}' "$work/out"
	by=$(sort "$work/blk" 2>/dev/null | uniq -c | awk '{ printf "%s%s(%d)", (NR > 1 ? "," : ""), $2, $1 }')
	notes=$(sort "$work/note" 2>/dev/null | uniq -c | awk '{ printf "%s%s(%d)", (NR > 1 ? "," : ""), $2, $1 }')
	# one line per rule and commit, for the totals
	[ ! -f "$work/blk" ] || sort -u "$work/blk" >>"$work/blk-commits"
	[ ! -f "$work/note" ] || sort -u "$work/note" >>"$work/note-commits"
	rm -f "$work/blk" "$work/note"
	case $rc in
	0) ;;
	1) blocked=$((blocked + 1)) ;;
	*) by="ERROR exit $rc: $(head -n 1 "$work/err")" ;;
	esac
	subject=$(git log -1 --format=%s "$c" | cut -c1-44)
	printf '%-10s %-44s %-32s %s\n' "$(echo "$c" | cut -c1-9)" "$subject" "${by:--}" "${notes:--}"
done <"$work/commits"
echo
echo "blocked: $blocked of $total commits (target: at most 1)"
for kind in blk note; do
	[ -s "$work/$kind-commits" ] || continue
	label=$([ $kind = blk ] && echo "blocking rules" || echo "note rules")
	echo "$label (commits): $(sort "$work/$kind-commits" | uniq -c | awk '{ printf "%s%s %d", (NR > 1 ? ", " : ""), $2, $1 }')"
done
