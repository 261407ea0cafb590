#!/bin/bash
# The Markdown reports ping nobody: an @user or @org/team in a commit
# subject or a dashboard string would notify them once pasted on GitHub;
# every report (benchwindow, benchbisect, both --scan) puts it in a code
# span, as cmark-gfm (GitHub's parser) sees. Pull-request numbers and
# e-mail addresses stay text; the text reports escape control characters.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"
. "$TEST_DIR/lib/report-lib.sh"

ESC=$(printf '\033')
GH=https://github.com/pytorch/helion/commit

# link <grep>: the linked short sha of the commit whose message matches.
link() {
	h=$(git log -1 --format=%H --grep="$1") &&
	echo "[\`${h:0:8}\`]($GH/$h)"
}

window_mentions() {
	helion_commit 2026-09-09T09:00:00Z docs/autotuner.md \
		"Fix a typo @octocat found in the autotuner docs (#3310)" &&
	helion_commit 2026-09-09T11:00:00+02:00 helion/_compiler/cute/softmax.py \
		"[cute] Rework the softmax ${ESC}[31mreduction${ESC}[m, cc @pytorch/helion-team (#3311)" &&
	helion_commit 2026-09-09T15:00:00-04:00 helion/language/layout.py \
		"Share the layout helpers (ask ada@example.com) (#3313)"
}

# bare_mentions <markdown>: the text outside code spans, as cmark-gfm
# parses it, that GitHub would take for a mention (an @ after no word
# character, before a letter or digit); adjacent text nodes are joined.
bare_mentions() {
	cmark-gfm -e table -t xml "$1" | python3 -c '
import re, sys
import xml.etree.ElementTree as ET
NS = "{http://commonmark.org/xml/1.0}"
found = []
def walk(node):
    run = ""
    for child in node:
        if child.tag == NS + "text":
            run += child.text or ""
            continue
        found.extend(re.findall(r"(?<![A-Za-z0-9_])@[A-Za-z0-9][-A-Za-z0-9_/]*", run))
        run = ""
        walk(child)
    found.extend(re.findall(r"(?<![A-Za-z0-9_])@[A-Za-z0-9][-A-Za-z0-9_/]*", run))
walk(ET.parse(sys.stdin).getroot())
print("\n".join(found))
' | sed "/^\$/d"
}

test_expect_success 'setup: a regression whose window mentions people, and a kernel named like one' '
	bb_repo repo window_mentions &&
	(cd repo && git remote add origin https://github.com/pytorch/helion.git &&
		python3 "$TEST_DIR/lib/gen-dashboard.py" scenario --start 2026-09-01 --nights 20 \
		--platform b200_cute=matmul,softmax,@helion-bot --platform h100=matmul \
		--event regress:b200_cute:2026-09-10:0.85 \
		--event drop:b200_cute:2026-09-06:1:@helion-bot >../dash.json)
'

test_expect_success 'benchwindow and benchbisect reports: every mention in a code span' '
	cd repo &&
	git benchwindow --file ../dash.json --format=markdown b200_cute 2026-09-10 >../w.md &&
	git benchbisect --file ../dash.json --format=markdown b200_cute 2026-09-10 >../b.md 2>/dev/null &&
	for f in w b; do
		bare_mentions ../$f.md >actual &&
		test_must_be_empty actual &&
		outline ../$f.md >../$f.outline || return 1
	done &&
	grep -F -x -e "- $(link typo) 2026-09-09 Fix a typo \`@octocat\` found in the autotuner docs (#3310)" ../w.outline &&
	grep -F "[cute] Rework the softmax �[31mreduction�[m, cc \`@pytorch/helion-team\` (#3311)" ../w.outline &&
	grep -F "Share the layout helpers (ask ada@example.com) (#3313)" ../w.outline &&
	why=$(git benchbisect --file ../dash.json --json b200_cute 2026-09-10 2>/dev/null | jq -r .culprit_why.text) &&
	grep -F -x -e "- **culprit**: $(link Rework) [cute] Rework the softmax �[31mreduction�[m, cc \`@pytorch/helion-team\` (#3311) / $why" ../b.outline
'

test_expect_success 'both scans: the table and the reports ping nobody either' '
	cd repo &&
	test_expect_code 1 git benchwindow --scan --file ../dash.json --format=markdown >../ws.md &&
	test_expect_code 1 git benchbisect --scan --file ../dash.json --format=markdown >../bs.md &&
	for f in ws bs; do
		bare_mentions ../$f.md >actual &&
		test_must_be_empty actual || return 1
	done &&
	outline ../ws.md >../ws.outline &&
	grep "^| 2026-09-06 | b200_cute | .* | kernel list; gone \`@helion-bot\` |$" ../ws.outline &&
	outline ../bs.md >../bs.outline &&
	grep -F "| real regression | $(link Rework) [cute]" ../bs.outline &&
	grep -F "cc \`@pytorch/helion-team\` (#3311) |" ../bs.outline
'

test_expect_success 'the checker sees a mention where there is one' '
	printf "%s\n" "cc @octocat" "- \\\\@pytorch/helion" "\`@fine\` and ada@example.com" >m.md &&
	bare_mentions m.md >actual &&
	printf "%s\n" "@octocat" "@pytorch/helion" >expect &&
	test_cmp expect actual
'

test_expect_success 'the text of benchbisect --scan escapes control characters, mentions stay as they are' '
	cd repo &&
	test_expect_code 1 git benchbisect --scan --file ../dash.json >../out &&
	! grep -q "$ESC" ../out &&
	grep -F -x "culprit: $(git log -1 --format=%h --abbrev=8 --grep=Rework) [cute] Rework the softmax \\e[31mreduction\\e[m, cc @pytorch/helion-team (#3311)" ../out
'

test_done
