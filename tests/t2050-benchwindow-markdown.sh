#!/bin/bash
# git benchwindow --format=markdown: the exact report, the structure a
# Markdown renderer (cmark-gfm, GitHub's own) sees in it, commit links from
# the origin remote, and hostile subjects and dashboard strings escaped.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/helion-repo.sh"
. "$TEST_DIR/lib/report-lib.sh"

test_expect_success 'setup: the Helion-like repository and its dashboard' '
	make_helion_repo repo &&
	(cd repo && cute_spec >../spec) &&
	(cd repo && python3 "$TEST_DIR/lib/gen-dashboard.py" <../spec) >dash.json
'
cd "$TRASH/repo" || exit 1
good=$(nightly_sha 2026-09-07)
bad=$(nightly_sha 2026-09-08)
GH=https://github.com/pytorch/helion/commit

# series_rows: the series table's data rows as the outline shows them.
series_rows() {
	for d in 02 03 04 05 06 07 08 09 10 11 12 13 14; do
		case $d in
		02) v="1.503 | 1.210 | 1.050 | 0.0133 | " ;;
		03|06) v="1.506 | 1.210 | 1.050 | 0.0133 | +0.2%" ;;
		09|12) v="1.325 | 1.210 | 1.050 | 0.0151 | +0.2%" ;;
		04|07) v="1.500 | 1.210 | 1.050 | 0.0133 | -0.4%" ;;
		05) v="1.503 | 1.210 | 1.050 | 0.0133 | +0.2%" ;;
		08) v="1.323 | 1.210 | 1.050 | 0.0151 | -11.8%" ;;
		10|13) v="1.320 | 1.210 | 1.050 | 0.0152 | -0.4%" ;;
		11|14) v="1.323 | 1.210 | 1.050 | 0.0151 | +0.2%" ;;
		esac
		note=
		[ $d = 07 ] && note="last good"
		[ $d = 08 ] && note="**first bad**"
		echo "| 2026-09-$d | \`$(nightly_short 2026-09-$d)\` | $v | 5 | $note |"
	done
}

# commit_item <n> [slice]: the outline line of the n-th window commit.
commit_item() {
	sha=$(git rev-list --first-parent $good..$bad | sed -n "$1p")
	echo "- ${2:+**slice** }[\`${sha:0:8}\`]($GH/$sha) 2026-09-07 $(git log -1 --format=%s $sha)"
}

test_expect_success 'the Markdown report is exact' '
	cd repo &&
	git remote add origin https://github.com/pytorch/helion.git &&
	git benchwindow --file ../dash.json --format=markdown b200_cute 2026-09-08 >../report.md &&
	{
		cat <<-EOF
		### b200\\_cute: helion speedup -12.0% on the 2026-09-08 nightly

		- **step**: 2026-09-07 → 2026-09-08, helion 1.503 → 1.323 (**-12.0%** ± 0.3%; levels of 6 and 7 nightlies), 46.0× its standard error (noise 0.5% a night), persistent
		- **last good**: [\`${good:0:8}\`]($GH/$good) (run 30000006, 2026-09-07T08:20:00Z)
		- **first bad**: [\`${bad:0:8}\`]($GH/$bad) (run 30000007, 2026-09-08T08:20:00Z)
		- **window**: 4 first-parent commits in \`${good:0:8}..${bad:0:8}\`, 3 in the slice

		Nightly helion speedup, geomean over 5 kernels:

		| date | sha | helion | triton | torch_compile | latency (ms) | change | kernels | |
		| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |
		EOF
		series_rows | sed "s/0.0133 |  | 5/0.0133 | | 5/"
		echo
		echo "Commits in the window, newest first (**slice**: \`(?i)\\[(?:cute|cutedsl)\\]\` or paths \`helion/_compiler/cute/\`, \`helion/runtime/cute/\`):"
		echo
		for n in 1 2 3 4; do
			sha=$(git rev-list --first-parent $good..$bad | sed -n "${n}p") &&
			subject=$(git log -1 --format=%s $sha | sed "s/\\[/\\\\[/g; s/\\]/\\\\]/g") &&
			mark="**slice** " && { [ $n != 1 ] || mark=; } &&
			echo "- $mark[\`${sha:0:8}\`]($GH/$sha) 2026-09-07 $subject" || return 1
		done
		echo
	} >expect &&
	test_cmp expect ../report.md
'

test_expect_success 'a Markdown renderer sees the list, the table and the links' '
	cd repo &&
	outline ../report.md >actual &&
	{
		echo "h3 b200_cute: helion speedup -12.0% on the 2026-09-08 nightly"
		echo "- **step**: 2026-09-07 → 2026-09-08, helion 1.503 → 1.323 (**-12.0%** ± 0.3%; levels of 6 and 7 nightlies), 46.0× its standard error (noise 0.5% a night), persistent"
		echo "- **last good**: [\`${good:0:8}\`]($GH/$good) (run 30000006, 2026-09-07T08:20:00Z)"
		echo "- **first bad**: [\`${bad:0:8}\`]($GH/$bad) (run 30000007, 2026-09-08T08:20:00Z)"
		echo "- **window**: 4 first-parent commits in \`${good:0:8}..${bad:0:8}\`, 3 in the slice"
		echo "p Nightly helion speedup, geomean over 5 kernels:"
		echo "|= date | sha | helion | triton | torch_compile | latency (ms) | change | kernels |  |"
		series_rows
		echo "p Commits in the window, newest first (**slice**: \`(?i)\\[(?:cute|cutedsl)\\]\` or paths \`helion/_compiler/cute/\`, \`helion/runtime/cute/\`):"
		commit_item 1 && commit_item 2 slice && commit_item 3 slice && commit_item 4 slice
	} >expect &&
	test_cmp expect actual
'

test_expect_success 'commit links for GitHub origins in https, ssh and scp form (git -c too), none elsewhere' '
	cd repo &&
	for url in https://github.com/pytorch/helion ssh://git@github.com/pytorch/helion.git \
		git@github.com:pytorch/helion.git; do
		git remote set-url origin "$url" &&
		git benchwindow --file ../dash.json --format=markdown b200_cute 2026-09-08 >out.md &&
		outline out.md >actual &&
		grep -c "](https://github.com/pytorch/helion/commit/[0-9a-f]\{40\})" actual >count &&
		echo 6 >expect && test_cmp expect count || return 1
	done &&
	for url in https://gitlab.com/pytorch/helion.git /srv/git/helion.git; do
		git remote set-url origin "$url" &&
		git benchwindow --file ../dash.json --format=markdown b200_cute 2026-09-08 >out.md &&
		outline out.md >actual &&
		! grep "](" actual &&
		grep "^- \*\*last good\*\*: \`${good:0:8}\` (run 30000006" actual || return 1
	done &&
	git remote remove origin &&
	git benchwindow --file ../dash.json --format=markdown b200_cute 2026-09-08 >out.md &&
	! grep "](" out.md &&
	git -c remote.origin.url=https://github.com/pytorch-labs/helion.git benchwindow \
		--file ../dash.json --format=markdown b200_cute 2026-09-08 >out.md &&
	grep -F -e "- **first bad**: [\`${bad:0:8}\`](https://github.com/pytorch-labs/helion/commit/$bad)" out.md
'

# A host is case-insensitive: GitHub.com got no links. A URL with
# credentials got none either (safe, but no links); the links must never
# carry them.
test_expect_success 'commit links for an upper-case host, and without the credentials of the URL' '
	cd repo &&
	for url in https://GitHub.com/pytorch/helion git@GITHUB.COM:pytorch/helion.git \
		https://user:s3cret@github.com/pytorch/helion.git; do
		git -c remote.origin.url="$url" benchwindow --file ../dash.json --format=markdown \
			b200_cute 2026-09-08 >out.md &&
		outline out.md >actual &&
		grep -c "](https://github.com/pytorch/helion/commit/[0-9a-f]\{40\})" actual >count &&
		echo 6 >expect && test_cmp expect count &&
		! grep -e s3cret -e "user:" -e GitHub.com -e GITHUB.COM out.md || return 1
	done
'

# github.com on its scheme's default port is github.com: such an origin
# got no links. Another port is not GitHub's, and userinfo never shows.
test_expect_success 'commit links for an origin that names the default port' '
	cd repo &&
	for url in https://github.com:443/pytorch/helion ssh://git@github.com:22/pytorch/helion.git \
		https://user:s3cret@github.com:443/pytorch/helion.git; do
		git -c remote.origin.url="$url" benchwindow --file ../dash.json --format=markdown \
			b200_cute 2026-09-08 >out.md &&
		outline out.md >actual &&
		grep -c "](https://github.com/pytorch/helion/commit/[0-9a-f]\{40\})" actual >count &&
		echo 6 >expect && test_cmp expect count &&
		! grep -e s3cret -e "user:" -e ":443" -e ":22" out.md || return 1
	done &&
	git -c remote.origin.url=https://github.com:8443/pytorch/helion benchwindow --file ../dash.json \
		--format=markdown b200_cute 2026-09-08 >out.md &&
	! grep "](" out.md
'

test_expect_success 'hostile subjects and dashboard strings render as plain text' '
	cd repo &&
	git remote add origin https://github.com/pytorch/helion.git &&
	git checkout -q -b hostile &&
	echo x >h.txt && git add h.txt &&
	subject=$(printf "*bold* _em_ [click](https://evil.example) <script>alert(1)</script> | x \`code\` ![img](x.png) ~~del~~ \$x\$ &amp; \\033[31mred") &&
	GIT_AUTHOR_DATE=2026-09-15T10:00:00Z GIT_COMMITTER_DATE=2026-09-15T10:00:00Z git commit -q -m "$subject" &&
	sha=$(git rev-parse HEAD) &&
	python3 -c "import json, sys; t = open(sys.argv[1]).read(); open(sys.argv[2], \"w\").write(t.replace(\"\\\"30000006\\\"\", json.dumps(\"<b>*3000_0006*</b>|\")))" ../dash.json ../hostile.json &&
	git benchwindow --file ../hostile.json --format=markdown --good main --bad hostile b200_cute 2026-09-08 >out.md &&
	outline out.md >actual &&
	printf "%s\n" "- [\`${sha:0:8}\`]($GH/$sha) 2026-09-15 $(echo "$subject" | sed "s/$(printf "\\033")/\xef\xbf\xbd/")" >expect &&
	tail -1 actual >last && test_cmp expect last &&
	git benchwindow --file ../hostile.json --format=markdown b200_cute 2026-09-08 >out.md &&
	outline out.md >actual &&
	grep -F -x -e "- **last good**: [\`${good:0:8}\`]($GH/$good) (run <b>*3000_0006*</b>|, 2026-09-07T08:20:00Z)" actual &&
	cmark-gfm -e table -e strikethrough -e autolink out.md >html &&
	! grep -e "<script" -e "<em>" -e "<del>" -e "<img" -e "<b>" html
'

# GitHub's parser links a bare URL as written, backslash escapes and all:
# an escaped "_" came out shown, in a link to another address.
test_expect_success 'a URL in a subject or a run id shows as written and links nowhere' '
	cd repo &&
	git checkout -q -b urls main &&
	echo y >u.txt && git add u.txt &&
	subject="Fix https://github.com/o/r/issues/1_2 and www.example.com/a_b (#9)" &&
	GIT_AUTHOR_DATE=2026-09-15T11:00:00Z GIT_COMMITTER_DATE=2026-09-15T11:00:00Z git commit -q -m "$subject" &&
	sha=$(git rev-parse HEAD) &&
	sed "s|\"30000006\"|\"http://ci.example/run_6\"|" ../dash.json >../urls.json &&
	git benchwindow --file ../urls.json --format=markdown --good main --bad urls b200_cute 2026-09-08 >out.md &&
	git benchwindow --file ../urls.json --format=markdown b200_cute 2026-09-08 >>out.md &&
	cmark-gfm -e table -e autolink out.md >html &&
	grep -F -x "<li><a href=\"$GH/$sha\"><code>${sha:0:8}</code></a> 2026-09-15 $subject</li>" html &&
	grep -F -x "<li><strong>last good</strong>: <a href=\"$GH/$good\"><code>${good:0:8}</code></a> (run http://ci.example/run_6, 2026-09-07T08:20:00Z)</li>" html &&
	test $(grep -c "<a href" html) = $(grep -c "<a href=\"$GH/" html)
'

test_expect_success 'a flat series says there is no step, and why' '
	cd repo &&
	git benchwindow --file ../dash.json --format=markdown b200 2026-09-08 >out.md &&
	outline out.md >actual &&
	head -2 actual >head &&
	cat >expect <<-EOF &&
	h3 b200: no step near 2026-09-08
	- **no step** beyond the noise: 2026-09-07 → 2026-09-08 moves +0.0% ± 0.3% (levels of 6 and 7 nightlies), 0.0× its standard error (noise 0.5% a night), within --min-change (a step needs 3.0× and 2.0%)
	EOF
	test_cmp expect head
'

test_expect_success '--format=text is the terminal report; unknown formats and --json clash are usage errors' '
	cd repo &&
	git benchwindow --file ../dash.json b200_cute 2026-09-08 >expect &&
	git benchwindow --file ../dash.json --format=text b200_cute 2026-09-08 >actual &&
	test_cmp expect actual &&
	usage_error_is "error: unknown --format '\''html'\'': use '\''text'\'' or '\''markdown'\''" \
		git benchwindow --file ../dash.json --format=html b200_cute 2026-09-08 &&
	usage_error_is "error: --format=markdown and --json cannot be combined" \
		git benchwindow --file ../dash.json --format=markdown --json b200_cute 2026-09-08
'

test_done
