#!/bin/bash
# git benchbisect on a kernel measured only now and then (issue 8: on the
# legacy sample, layer_norm-bwd last measured on 04-13 drove the b200 move
# of 04-17, while the kernels measured on both nightlies moved +0.5%):
# the evidence gives the kernels on both nightlies their own move, and the
# sparse kernel's move the wider window it belongs to.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/bisect-repo.sh"

WWW=$TRASH/www
mkdir "$WWW"
start_httpd "$WWW"

# sparse_spec: legacy-style data; b200 runs matmul, softmax and rms_norm
# every night, layer_norm-bwd on 09-01 .. 09-05 and from 09-10 on, 45%
# slower; the other kernels +0.5% on 09-10.
sparse_spec() {
	for d in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20; do
		r=$((3000000000 + 10#$d)) &&
		echo "run $r 2026-09-${d}T08:20:00Z $(git rev-list --first-parent -1 --before=2026-09-${d}T08:00:00Z main)" &&
		up=1 && { [ $d -lt 10 ] || up=1.005; } &&
		for k in matmul:1.20 softmax:1.50 rms_norm:0.90; do
			echo "val b200 ${k%%:*} $r $(echo "${k#*:} * $up" | bc -l) 1.1 1.0 $(echo "0.02 / $up" | bc -l)" || return 1
		done &&
		if [ $d -le 05 ]; then
			echo "val b200 layer_norm-bwd $r 2.00 1.1 1.0 0.0300"
		elif [ $d -ge 10 ]; then
			echo "val b200 layer_norm-bwd $r 1.10 1.1 1.0 0.0545"
		fi || return 1
	done
}

# jq_is <filter> <expected> <command>...: the command's --json output,
# filtered, is the expected line
jq_is() {
	filter=$1 && want=$2 && shift 2 &&
	"$@" --json --file ../sparse.json 2>/dev/null >out &&
	jq -c "$filter" out >actual &&
	echo "$want" >expect &&
	test_cmp expect actual
}

test_expect_success 'setup: a repository and a legacy dashboard with a sparse kernel' '
	bb_repo plain window_plain &&
	(cd plain && sparse_spec | python3 "$TEST_DIR/lib/gen-dashboard.py" --legacy >../sparse.json)
'

test_expect_success 'the sparse kernel: its move is given its own window to paste, the pair the kernels on both nights' '
	cd plain &&
	git benchbisect --file ../sparse.json b200 2026-09-10 >out 2>err &&
	sed -n "1p;/^  kernel set/p;/^  sparse kernel/p" out >actual &&
	cat >expect <<-\EOF &&
	b200 on 2026-09-10: real regression
	  kernel set: changed at the step, 3 -> 4 kernels; the naive geomean moved -1.3% (2.5x the noise), the chain-linked level -13.6%, the 3 kernels measured on both nightlies +0.5%: the change alone moved the naive geomean -1.7%, which does not explain the move
	  sparse kernel: layer_norm-bwd was not measured on the last good nightly; since its last measurement on 2026-09-05 it moved -45.0%: that move belongs to the wider window from that nightly, not this nightly pair
	EOF
	test_cmp expect actual &&
	cat >expect <<-\EOF &&
	warning: kernel '\''layer_norm-bwd'\'' was not measured on the last good nightly (2026-09-09): its -45.0% since its last measurement on 2026-09-05 belongs to a wider window
	hint: git benchwindow --file ../sparse.json --kernel layer_norm-bwd b200 2026-09-10
	hint: git benchwindow --file ../sparse.json --good b1c1563f --bad ef2f5d54 b200 2026-09-10
	EOF
	test_cmp expect err &&
	sed -n "2s/^hint: //p" err >hint &&
	bash -c "$(cat hint)" >out &&
	grep "^first-parent commits in b1c1563f\.\.ef2f5d54" out
'

test_expect_success '--json: the sparse kernel item' '
	cd plain &&
	jq_is ".evidence[] | select(.signal == \"sparse kernel\") | [.verdict, .values]" \
		"[\"moved_outside_pair\",{\"kernel\":\"layer_norm-bwd\",\"last_measured_date\":\"2026-09-05\",\"first_bad_date\":\"2026-09-10\",\"change_pct\":-45}]" \
		git benchbisect b200 2026-09-10
'

test_expect_success 'benchwindow: the sparse kernel is named with its wider window to paste' '
	cd plain &&
	git benchwindow --file ../sparse.json b200 2026-09-10 >out 2>err &&
	grep -q "^first-parent commits in a9b79a84\.\.ef2f5d54" out &&
	cat >expect <<-\EOF &&
	warning: kernel '\''layer_norm-bwd'\'' was not measured on the last good nightly (2026-09-09): its -45.0% since its last measurement on 2026-09-05 belongs to a wider window
	hint: git benchwindow --file ../sparse.json --kernel layer_norm-bwd b200 2026-09-10
	hint: git benchwindow --file ../sparse.json --good b1c1563f --bad ef2f5d54 b200 2026-09-10
	EOF
	test_cmp expect err
'

# A platform named like an option is given after "--": so are the hints.
test_expect_success 'benchwindow: a platform that starts with "-" follows "--" in the hints too' '
	cd plain &&
	sparse_spec | sed "s/^val b200 /val -b200 /" | python3 "$TEST_DIR/lib/gen-dashboard.py" --legacy >../dash.json &&
	git benchwindow --file ../dash.json -- -b200 2026-09-10 >out 2>err &&
	sed -n "/^hint: /p" err >actual &&
	cat >expect <<-\EOF &&
	hint: git benchwindow --file ../dash.json --kernel layer_norm-bwd -- -b200 2026-09-10
	hint: git benchwindow --file ../dash.json --good b1c1563f --bad ef2f5d54 -- -b200 2026-09-10
	EOF
	test_cmp expect actual &&
	sed -n "2s/^hint: //p" err >hint &&
	bash -c "$(cat hint)" >out &&
	grep "^first-parent commits in b1c1563f\.\.ef2f5d54" out
'

test_expect_success 'benchwindow: the hints carry the options that chose the data, a URL without its credentials' '
	cd plain &&
	cp ../sparse.json "../my dash.json" &&
	git benchwindow --file "../my dash.json" --pretuned --span 5 --all-runs b200 2026-09-10 >out 2>err &&
	sed -n "s/^hint: //p" err >actual &&
	cat >expect <<-\EOF &&
	git benchwindow --file '\''../my dash.json'\'' --pretuned --span 5 --all-runs --kernel layer_norm-bwd b200 2026-09-10
	git benchwindow --file '\''../my dash.json'\'' --pretuned --span 5 --all-runs --good b1c1563f --bad ef2f5d54 b200 2026-09-10
	EOF
	test_cmp expect actual &&
	cp ../sparse.json "$WWW/" &&
	git benchwindow --url "http://ada:s3cret@${HTTPD_URL#http://}/sparse.json" b200 2026-09-10 >out 2>err &&
	sed -n "s/^hint: //p" err >actual &&
	cat >expect <<-EOF &&
	git benchwindow --url $HTTPD_URL/sparse.json --kernel layer_norm-bwd b200 2026-09-10
	git benchwindow --url $HTTPD_URL/sparse.json --good b1c1563f --bad ef2f5d54 b200 2026-09-10
	EOF
	test_cmp expect actual &&
	! grep s3cret err
'

# --no-url reads the built-in URL (served here under BT_TEST_DEFAULT_URL_BASE,
# test-only) whatever bench.url says: a hint without it would read bench.url's.
test_expect_success 'benchwindow and benchbisect --no-url: the hints keep --no-url, and pasted read the same data' '
	cd plain &&
	cp ../sparse.json "$WWW/dashboard-data.json" &&
	export BT_TEST_DEFAULT_URL_BASE=$HTTPD_URL/ GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=bench.url \
		GIT_CONFIG_VALUE_0=$HTTPD_URL/nowhere.json &&
	cat >expect <<-\EOF &&
	warning: kernel '\''layer_norm-bwd'\'' was not measured on the last good nightly (2026-09-09): its -45.0% since its last measurement on 2026-09-05 belongs to a wider window
	hint: git benchwindow --no-url --kernel layer_norm-bwd b200 2026-09-10
	hint: git benchwindow --no-url --good b1c1563f --bad ef2f5d54 b200 2026-09-10
	EOF
	for cmd in benchwindow benchbisect; do
		git $cmd --no-url b200 2026-09-10 >out 2>err &&
		test_cmp expect err || return 1
	done &&
	sed -n "3s/^hint: //p" err >hint &&
	bash -c "$(cat hint)" >out &&
	grep "^first-parent commits in b1c1563f\.\.ef2f5d54" out
'

test_expect_success 'benchwindow: the pasted commands list the wider window, without the warning' '
	cd plain &&
	git benchwindow --file ../sparse.json --kernel layer_norm-bwd b200 2026-09-10 >out 2>err &&
	test_must_be_empty err &&
	grep "^first-parent commits in" out >actual &&
	git benchwindow --file ../sparse.json --good b1c1563f --bad ef2f5d54 b200 2026-09-10 >out 2>err &&
	test_must_be_empty err &&
	grep "^first-parent commits in" out >>actual &&
	line="first-parent commits in b1c1563f..ef2f5d54, newest first (* = slice (?i)\[triton\]):" &&
	printf "%s\n" "$line" "$line" >expect &&
	test_cmp expect actual &&
	git rev-list --first-parent --count b1c1563f..ef2f5d54 >expect &&
	grep -c "^  [0-9a-f]\{8\} " out >actual &&
	test_cmp expect actual
'

test_expect_success 'benchwindow --json: sparse_kernels' '
	cd plain &&
	jq_is .sparse_kernels \
		"[{\"kernel\":\"layer_norm-bwd\",\"last_measured\":\"2026-09-05T08:20:00Z\",\"change_pct\":-45,\"noise_pct\":0.5,\"good_sha\":\"b1c1563f\"}]" \
		git benchwindow b200 2026-09-10 &&
	jq_is .sparse_kernels "[]" git benchwindow --bad d1eb7ae0 b200 2026-09-11 &&
	git benchwindow --json --file ../sparse.json --bad d1eb7ae0 b200 2026-09-11 2>err >/dev/null &&
	sed "\\|^warning: the window ef2f5d54\.\.d1eb7ae0 of --good/--bad shares no commit with the step.s|d" err >rest &&
	test_must_be_empty rest
'

test_expect_success 'benchwindow --format=markdown: the sparse kernel is a list item with its wider window' '
	cd plain &&
	git benchwindow --file ../sparse.json --format=markdown b200 2026-09-10 >../w.md 2>err &&
	. "$TEST_DIR/lib/report-lib.sh" &&
	outline ../w.md | grep "^- \*\*sparse kernel" >actual &&
	cat >expect <<-\EOF &&
	- **sparse kernel**: layer_norm-bwd was not measured on the last good nightly (2026-09-09): its -45.0% since its last measurement on 2026-09-05 belongs to the wider window `b1c1563f`..`ef2f5d54`
	EOF
	test_cmp expect actual &&
	git benchwindow --file ../sparse.json --format=markdown --good b1c1563f --bad ef2f5d54 b200 2026-09-10 >../g.md 2>err &&
	! grep "sparse kernel" ../g.md
'

test_expect_success 'benchwindow --scan: a note under the step, sparse_kernels in --json, a list item in Markdown' '
	cd plain &&
	test_expect_code 1 git benchwindow --scan --file ../sparse.json --since 2026-09-06 >out &&
	cat >expect <<-\EOF &&
	scan of 1 platform, 2026-09-06 .. 2026-09-20: 1 step, 2 kernel-list changes

	first bad   platform   change    x se  commits  slice  what
	2026-09-10  b200       -13.6%   14.2x        2      0  step since 2026-09-09
	            note: kernel '\''layer_norm-bwd'\'' was not measured on 2026-09-09: its -45.0% since 2026-09-05 belongs to a wider window
	2026-09-10  b200        -1.3%       -        2      0  kernel list; added layer_norm-bwd
	2026-09-06  b200       -12.5%       -        2      0  kernel list; gone layer_norm-bwd
	EOF
	test_cmp expect out &&
	git benchwindow --file ../sparse.json b200 2026-09-10 >one.txt 2>/dev/null &&
	grep -q " 14\.2x its standard error" one.txt &&
	test_expect_code 1 git benchwindow --scan --json --file ../sparse.json >scan.json &&
	git benchwindow --json --file ../sparse.json b200 2026-09-10 >one.json 2>/dev/null &&
	jq -c .sparse_kernels one.json >expect &&
	jq -c ".steps[0].sparse_kernels, .steps[1].sparse_kernels, .steps[2].sparse_kernels" scan.json >actual &&
	{ cat expect expect && echo "[]"; } >expect2 &&
	test_cmp expect2 actual &&
	test_expect_code 1 git benchwindow --scan --format=markdown --file ../sparse.json >scan.md &&
	grep "sparse kernel" scan.md >actual &&
	cat >expect <<-\EOF &&
	- **sparse kernel**, b200 on 2026-09-10: layer\_norm-bwd was not measured on the last good nightly (2026-09-09): its -45.0% since its last measurement on 2026-09-05 belongs to the wider window `b1c1563f`..`ef2f5d54`
	EOF
	test_cmp expect actual
'

test_expect_success 'benchbisect --scan: the sparse kernel is in the move'"'"'s evidence, as in the single query' '
	cd plain &&
	test_expect_code 1 git benchbisect --scan --file ../sparse.json >out 2>err &&
	test_must_be_empty err &&
	grep "^  sparse kernel" out >actual &&
	git benchbisect --file ../sparse.json b200 2026-09-10 2>/dev/null | grep "^  sparse kernel" >expect &&
	test_cmp expect actual &&
	test_expect_code 1 git benchbisect --scan --json --file ../sparse.json >scan.json &&
	jq -c ".steps[0].evidence[] | select(.signal == \"sparse kernel\") | .values" scan.json >actual &&
	echo "{\"kernel\":\"layer_norm-bwd\",\"last_measured_date\":\"2026-09-05\",\"first_bad_date\":\"2026-09-10\",\"change_pct\":-45}" >expect &&
	test_cmp expect actual
'

test_expect_success 'benchwindow: a hostile kernel name is shell-quoted, its control characters escaped' '
	cd plain &&
	sed "s/layer_norm-bwd/ln'\''s \\\\u001b[31m bwd/" ../sparse.json >../hostile.json &&
	git benchwindow --file ../hostile.json b200 2026-09-10 >/dev/null 2>err &&
	cat >expect <<-\EOF &&
	warning: kernel '\''ln'\''s \e[31m bwd'\'' was not measured on the last good nightly (2026-09-09): its -45.0% since its last measurement on 2026-09-05 belongs to a wider window
	hint: git benchwindow --file ../hostile.json --kernel $'\''ln\'\''s \e[31m bwd'\'' b200 2026-09-10
	hint: git benchwindow --file ../hostile.json --good b1c1563f --bad ef2f5d54 b200 2026-09-10
	EOF
	test_cmp expect err &&
	sed -n "2s/^hint: //p" err >hint &&
	bash -c "$(cat hint)" >out &&
	head -n 1 out >actual &&
	printf "%s\n" "b200: ln'\''s \e[31m bwd, nightly helion speedup" >expect &&
	test_cmp expect actual &&
	test_expect_code 1 git benchwindow --scan --file ../hostile.json >out &&
	grep "note:" out >actual &&
	cat >expect <<-\EOF &&
	            note: kernel '\''ln'\''s \e[31m bwd'\'' was not measured on 2026-09-09: its -45.0% since 2026-09-05 belongs to a wider window
	EOF
	test_cmp expect actual &&
	test_expect_code 1 git benchwindow --scan --format=markdown --file ../hostile.json >out.md &&
	grep "sparse kernel" out.md >actual &&
	fffd=$(printf "\357\277\275") &&
	printf "%s\n" "- **sparse kernel**, b200 on 2026-09-10: ln'\''s $fffd\\[31m bwd was not measured on the last good nightly (2026-09-09): its -45.0% since its last measurement on 2026-09-05 belongs to the wider window \`b1c1563f\`..\`ef2f5d54\`" >expect &&
	test_cmp expect actual
'

test_done
