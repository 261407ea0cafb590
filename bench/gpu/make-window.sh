#!/bin/sh
# make-window.sh <dir> <letters>: a window of 16 commits (position 0, the
# last good end, to 15, the first bad end) for softmax_bench.py, commit p
# holding pos.txt = p and config.txt = the p-th letter of <letters>
# (16 letters, e.g. AAAAAABBBBBBBBBB: config B from commit 6). Fixed
# identities and dates; no remote, nothing else.
set -e
dir=$1 letters=$2
here=$(cd "$(dirname "$0")" && pwd)
test ${#letters} = 16
git init -q -b main "$dir"
cp "$here/softmax_bench.py" "$dir/"
cd "$dir"
export GIT_AUTHOR_NAME="Ada Bench" GIT_AUTHOR_EMAIL=ada@example.com \
	GIT_COMMITTER_NAME="Ada Bench" GIT_COMMITTER_EMAIL=ada@example.com
p=0
while [ $p -lt 16 ]; do
	echo $p >pos.txt
	echo "$letters" | cut -c$((p + 1)) >config.txt
	git add -A
	GIT_AUTHOR_DATE="2026-12-01T10:$((10 + p)):00Z" GIT_COMMITTER_DATE="2026-12-01T10:$((10 + p)):00Z" \
		git commit -q -m "commit $p: config $(cat config.txt)"
	p=$((p + 1))
done
