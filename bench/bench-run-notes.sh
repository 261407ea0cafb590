#!/bin/sh
# git benchbisect run --metric when every run it needs is recorded in
# refs/notes/benchbisect (docs/run-notes.md): a window of 15 commits at
# the tip of 5,000, a note of three runs on 4,990 of them (the window's
# own from one earlier search, the rest for the recorded noise). The
# search runs nothing: it reads the notes, pools the noise and decides.
# Against reading the same notes with git: git log --notes --format=%N
# over the branch (a user reading the recorded runs by hand). Median of
# 5 runs each. Then git benchbisect log over the same history against the
# same git log: every note read, printed per commit, the key's noise pooled.
set -e
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
PATH="$bin:$PATH"
export PATH HOME="$work"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
commits=5000
git config --global benchbisect.notes true
git config --global benchbisect.machine bench

git init -q -b main "$work/repo"
python3 - "$commits" <<\EOF | git -C "$work/repo" fast-import --quiet
import sys
n = int(sys.argv[1])
out = sys.stdout.buffer
for i in range(n):
    level = 1.5 if i >= n - 5 else 1.0
    data = b"%.3f\n" % (level + (i % 3) * 0.01)
    out.write(b"commit refs/heads/main\nmark :%d\ncommitter B <b@example.com> %d +0000\n" % (i + 1, 1700000000 + 60 * i))
    out.write(b"data 9\nc%07d\n" % i)
    if i:
        out.write(b"from :%d\n" % i)
    out.write(b"M 100644 inline perf.txt\ndata %d\n%s\n" % (len(data), data))
EOF
cat >"$work/measure" <<\EOF
#!/bin/sh
cat perf.txt
EOF
chmod +x "$work/measure"
cd "$work/repo"
# One search records the window's runs and tells the key.
git benchbisect run --metric --good main~15 --bad main -- "$work/measure" >/dev/null 2>&1
key=$(git notes --ref benchbisect show main | sed -n '1s/.* key=\([0-9a-f]*\) .*/\1/p')
git rev-list main~16 | python3 -c '
import sys
key = sys.argv[1]
out = ["commit refs/notes/others\ncommitter B <b@example.com> 1800000000 +0000\ndata 7\nothers\n"]
for i, sha in enumerate(sys.stdin.read().split()):
    text = "".join("benchbisect-run v1 key=%s machine=bench date=2026-01-01T00:00:0%d.000000Z duration=1 exit=0 value=%.3f\n"
                   % (key, j, 1.0 + 0.01 * ((i + j) % 3)) for j in range(3))
    out.append("N inline %s\ndata %d\n%s\n" % (sha, len(text), text))
sys.stdout.write("".join(out))
' "$key" | git fast-import --quiet
git notes --ref benchbisect merge -q -s cat_sort_uniq refs/notes/others
notes=$(git notes --ref benchbisect list | wc -l)

set -- $(median 5 git benchbisect run --metric --good main~15 --bad main -- "$work/measure")
ours=$1 ours_rss=$2 ours_cpu=$3
grep -q "recorded in refs/notes/benchbisect" "$work/out" || { echo "bench-run-notes: the search ran something" >&2; exit 1; }
set -- $(median 5 git log --notes=benchbisect --format=%N main)
theirs=$1 theirs_cpu=$3
table_row "benchbisect run --metric, every run recorded ($commits commits, $notes notes)" \
	"$(ms "$ours" "$ours_cpu")" "git log --notes $(ms "$theirs" "$theirs_cpu")" \
	"$(div "$ours" "$theirs")x" "<= 2x" "- (RSS $(div "$ours_rss" 1 1) MiB)"

# git benchbisect log reads every note along the history, as git log does.
set -- $(median 5 git benchbisect log main)
ours=$1 ours_rss=$2 ours_cpu=$3
test "$(grep -vc "^noise " "$work/out")" = "$notes" || { echo "bench-run-notes: log lists another number of commits" >&2; exit 1; }
table_row "benchbisect log, every commit recorded ($commits commits, $notes notes)" \
	"$(ms "$ours" "$ours_cpu")" "git log --notes $(ms "$theirs" "$theirs_cpu")" \
	"$(div "$ours" "$theirs")x" "<= 4x" "- (RSS $(div "$ours_rss" 1 1) MiB)"
