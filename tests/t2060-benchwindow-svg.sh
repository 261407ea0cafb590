#!/bin/bash
# git benchwindow --svg: a valid, self-contained SVG (xmllint) that renders
# (rsvg-convert) to a readable 800 px PNG in both colour schemes, with the
# window, both ends, kernel-set changes and manual runs drawn, and every
# dashboard string escaped.
. "$(dirname "$0")/lib/test-lib.sh"
. "$TEST_DIR/lib/helion-repo.sh"
. "$TEST_DIR/lib/report-lib.sh"

# The dashboard has a manual run on a side branch on 2026-09-10 (its
# branch name is hostile markup), and rms_norm dropped from the nightlies
# from 2026-09-12 on: a kernel-set change.
test_expect_success 'setup: the Helion-like repository, a manual run and a kernel-set change' '
	make_helion_repo repo &&
	(cd repo && cute_spec >../full-spec) &&
	grep -v "^val b200_cute rms_norm 30000001[123] " full-spec >spec &&
	echo "run 39999999 2026-09-10T15:00:00Z $(cd repo && nightly_sha 2026-09-10) branch=<exp>&\"x'\'' nightly=0" >>spec &&
	for k in matmul softmax layer_norm rms_norm cross_entropy; do
		echo "val b200_cute $k 39999999 0.9 1.21 1.05 0.03" >>spec || return 1
	done &&
	(cd repo && python3 "$TEST_DIR/lib/gen-dashboard.py" <../spec) >dash.json
'
cd "$TRASH/repo" || exit 1
good=$(nightly_sha 2026-09-07)
bad=$(nightly_sha 2026-09-08)

test_expect_success 'the PNG reader counts what it should' '
	cat >half.svg <<-\EOF &&
	<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40">
	<rect width="100" height="40" fill="#ffffff"/><rect x="50" width="50" height="40" fill="#ff0000"/>
	</svg>
	EOF
	rsvg-convert half.svg -o half.png &&
	echo "100 40 2 500 ffffff" >expect &&
	png_stats half.png >actual &&
	test_cmp expect actual
'

test_expect_success 'the chart is valid XML and self-contained' '
	cd repo &&
	git benchwindow --file ../dash.json --svg ../chart.svg b200_cute 2026-09-08 >report &&
	git benchwindow --file ../dash.json b200_cute 2026-09-08 >expect &&
	test_cmp expect report &&
	xmllint --noout ../chart.svg &&
	head -2 ../chart.svg | tail -1 >actual &&
	echo "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\" height=\"520\" viewBox=\"0 0 800 520\">" >expect &&
	test_cmp expect actual &&
	! grep -i -e "<script" -e "href" -e "url(" -e "@import" -e "@font-face" -e "<image" ../chart.svg &&
	grep "font-family:sans-serif" ../chart.svg &&
	grep "@media (prefers-color-scheme: dark)" ../chart.svg
'

test_expect_success 'the chart labels both ends, shades the window and marks the kernel-set change and the manual run' '
	xmllint --xpath "//*[local-name()=\"text\"]/text()" chart.svg >texts &&
	grep -x "last good" texts &&
	grep -x "${good:0:8}" texts &&
	grep -x "first bad" texts &&
	grep -x "${bad:0:8}" texts &&
	grep -x "kernels 5→4" texts &&
	grep -x "step 2026-09-07 → 2026-09-08: helion 1.503 → 1.323 (-12.0% ± 0.8%), 16.8× its standard error, persistent (UTC days)" texts &&
	grep -x "b200_cute: nightly helion speedup, geomean over 4-5 kernels" texts &&
	for d in 09-02 09-04 09-06 09-08 09-10 09-12 09-14; do
		grep -x "$d" texts || return 1
	done &&
	test $(xmllint --xpath "count(//*[@class=\"window\"])" chart.svg) = 2 &&
	test $(xmllint --xpath "count(//*[@class=\"end\"])" chart.svg) = 2 &&
	test $(xmllint --xpath "count(//*[local-name()=\"polyline\"])" chart.svg) = 4 &&
	xmllint --xpath "string(//*[local-name()=\"path\"][@class=\"manual\"]/*[local-name()=\"title\"])" chart.svg >actual &&
	echo "manual run 39999999 on <exp>&\"x'\''" >expect &&
	test_cmp expect actual &&
	grep "on &lt;exp&gt;&amp;&quot;x&apos;</title>" chart.svg
'

# legend <svg>: the legend's labels, one a line (the texts after its first sample)
legend() {
	xmllint --xpath "//*[local-name()=\"text\"]/text()" "$1" |
		sed -n "/^helion (speedup above, latency below)\$/,\$p"
}

test_expect_success 'the legend lists the kernel-set change and the manual run only when drawn' '
	legend chart.svg >actual &&
	printf "%s\n" "helion (speedup above, latency below)" triton torch_compile window \
		"level before / after the step" "kernel set change" "manual run" >expect &&
	test_cmp expect actual &&
	cd repo &&
	git benchwindow --file ../dash.json --svg ../plain.svg b200 2026-09-08 >/dev/null &&
	! grep -e "class=\"kset\"" -e "class=\"manual\"" ../plain.svg &&
	legend ../plain.svg >../actual &&
	printf "%s\n" "helion (speedup above, latency below)" triton torch_compile window \
		"level before / after the step" >../expect &&
	test_cmp ../expect ../actual
'

test_expect_success 'the legend shows a manual run in the shape the chart draws it' '
	test $(xmllint --xpath "count(//*[local-name()=\"path\"][@class=\"manual\"])" chart.svg) = 2 &&
	test $(xmllint --xpath "count(//*[local-name()=\"circle\"][@class=\"manual\"])" chart.svg) = 0 &&
	cd repo &&
	git benchwindow --file ../dash.json --all-runs --svg ../all.svg b200_cute 2026-09-08 >/dev/null &&
	test $(xmllint --xpath "count(//*[local-name()=\"path\"][@class=\"manual\"])" ../all.svg) = 0 &&
	test $(xmllint --xpath "count(//*[local-name()=\"circle\"][@class=\"manual\"])" ../all.svg) = 2
'

test_expect_success 'the Markdown report of the same window names the kernel-set change' '
	cd repo &&
	git benchwindow --file ../dash.json --format=markdown --span 5 b200_cute 2026-09-12 >out.md &&
	outline out.md >actual &&
	sed -n 3p actual >line &&
	echo "- **kernel list changed** on 2026-09-12: 1 left the list: rms_norm; the plain geomean moves +0.2%, the kernels on both nights +0.2%" >expect &&
	test_cmp expect line
'

test_expect_success 'it renders to a readable 800 px PNG, light and dark' '
	rsvg-convert chart.svg -o chart.png &&
	png_stats chart.png >stats &&
	read w h colours ink bg <stats &&
	test "$w $h $bg" = "800 520 ffffff" &&
	test $colours -gt 100 && test $ink -gt 60 && test $ink -lt 400 &&
	sed -e "/^@media (prefers-color-scheme: dark){\$/d" -e "/^}\$/d" chart.svg >dark.svg &&
	rsvg-convert dark.svg -o dark.png &&
	png_stats dark.png >stats &&
	read w h colours ink bg <stats &&
	test "$w $h $bg" = "800 520 0d1117" &&
	test $colours -gt 100 && test $ink -gt 60 && test $ink -lt 400
'

test_expect_success 'the Pretuned tab has no latency: that panel says so and shows no made-up scale' '
	cd repo &&
	python3 "$TEST_DIR/lib/gen-dashboard.py" --pretuned <../full-spec >../pretuned.json &&
	git benchwindow --pretuned --file ../pretuned.json --svg ../pretuned.svg b200_cute 2026-09-08 >out &&
	xmllint --noout ../pretuned.svg &&
	xmllint --xpath "//*[local-name()=\"text\"]/text()" ../pretuned.svg >texts &&
	grep -x "latency: no data" texts &&
	grep -x "speedup (×)" texts &&
	! grep -x "0.0" texts &&
	test $(xmllint --xpath "count(//*[local-name()=\"polyline\"])" ../pretuned.svg) = 1
'

# A series of one nightly (or a nightly between two without a value) was
# a polyline of one point, which draws nothing: on a one-nightly platform
# only the helion dot showed.
test_expect_success 'a lone point of a series is drawn as a marker, not an invisible line' '
	cd repo &&
	{ cat ../full-spec && echo "val tpu matmul 30000007 1.2 1.1 1.0 0.05"; } |
		python3 "$TEST_DIR/lib/gen-dashboard.py" >../one.json &&
	git benchwindow --file ../one.json --good $good --bad $bad --svg ../one.svg tpu 2026-09-08 >out &&
	xmllint --noout ../one.svg &&
	! grep "<polyline class=\"[a-z_]*\" points=\"[0-9.]*,[0-9.]*\"/>" ../one.svg &&
	for m in helion triton torch_compile latency; do
		test $(xmllint --xpath "count(//*[local-name()=\"circle\"][contains(concat(\" \", @class, \" \"), \" $m \")])" ../one.svg) = 1 ||
		return 1
	done &&
	test $(xmllint --xpath "count(//*[local-name()=\"polyline\"])" ../chart.svg) = 4 &&
	! grep "class=\"[a-z_]* point\"" ../chart.svg
'

# labels_strip <svg> <png>: the strip of the chart right of the plot,
# over both panels, rendered: nothing but the background should be there.
labels_strip() {
	sed "s/width=\"800\" height=\"520\" viewBox=\"0 0 800 520\"/width=\"22\" height=\"368\" viewBox=\"778 60 22 368\"/" "$1" >strip.svg &&
	rsvg-convert strip.svg -o "$2"
}

test_expect_success 'a kernel-set change on the last nightly keeps its label inside the chart' '
	cd repo &&
	grep -v "^val b200_cute rms_norm 300000013 " ../full-spec |
		python3 "$TEST_DIR/lib/gen-dashboard.py" >../last.json &&
	git benchwindow --file ../last.json --svg ../last.svg b200_cute 2026-09-08 >out &&
	xmllint --xpath "//*[local-name()=\"text\"]/text()" ../last.svg >texts &&
	grep -x "kernels 5→4" texts &&
	labels_strip ../last.svg strip.png &&
	png_stats strip.png >stats &&
	echo "22 368 1 0 ffffff" >expect &&
	test_cmp expect stats &&
	labels_strip ../chart.svg strip.png &&
	png_stats strip.png >stats &&
	test_cmp expect stats
'

# (Values beyond 1e-9..1e9, such as 1.7e308, are refused when the
# dashboard is read: t5020-nonsense.sh.)
test_expect_success 'extreme values draw a chart without NaN coordinates, and in bounded time' '
	cd repo &&
	nightly_runs >../odd-spec &&
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13; do
		v=1.5 && l=1e9 &&
		if [ $((i % 2)) = 0 ]; then v=1.5000000000000002 && l=1e-9; fi &&
		echo "val b200_cute matmul 3000000$i $v 1e-9 1e9 $l" >>../odd-spec || return 1
	done &&
	python3 "$TEST_DIR/lib/gen-dashboard.py" <../odd-spec >../odd.json &&
	timeout 60 git benchwindow --file ../odd.json --svg ../odd.svg b200_cute 2026-09-08 >out &&
	xmllint --noout ../odd.svg &&
	! grep -i -e nan -e inf ../odd.svg
'

test_expect_success 'U+FFFE and U+FFFF in a name, which XML cannot hold, are U+FFFD in the chart' '
	cd repo &&
	sed -e "s/\"kernel\": *\"matmul\"/\"kernel\": \"matmul\\\\uffff\"/" \
	    -e "s/\"kernel\": *\"softmax\"/\"kernel\": \"softmax\\\\ufffe\"/" ../dash.json >../nonchar.json &&
	grep -q "matmul\\\\uffff" ../nonchar.json &&
	git benchwindow --file ../nonchar.json --kernel "$(printf "matmul\357\277\277")" --svg ../k.svg \
		b200_cute 2026-09-08 >out &&
	xmllint --noout ../k.svg &&
	grep -q "matmul$(printf "\357\277\275")" ../k.svg &&
	git benchwindow --file ../nonchar.json --svg ../p.svg b200_cute 2026-09-08 >out &&
	xmllint --noout ../p.svg
'

test_expect_success 'a dashboard sha that is no hash is cut at a whole character in the chart, as in the text' '
	cd repo &&
	python3 - ../dash.json ../nohash.json <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	for e in d["runs"] + [e for r in d["summary"] for e in r["history"]]:
	    if e["run_id"] == "30000006":
	        e.update(sha="abcdefg\u00fc123", full_sha="abcdefg\u00fc123")
	json.dump(d, open(sys.argv[2], "w"))
	PY
	test_expect_code 1 git benchwindow --file ../nohash.json --svg ../n.svg b200_cute 2026-09-08 >out 2>err &&
	xmllint --noout ../n.svg &&
	u=$(printf "\303\274") &&
	grep -F -x "last good: abcdefg$u (run 30000006, 2026-09-07T08:20:00Z), not a commit" out &&
	grep -F ">abcdefg" ../n.svg | sed "s/ [xy]=\"[0-9.]*\"//g" >actual &&
	echo "<text class=\"mono\" text-anchor=\"end\">abcdefg$u</text>" >expect &&
	test_cmp expect actual
'

# A C1 control is drawn as two U+FFFD (one for each of its bytes), so a
# label cut at 8 characters before escaping showed 9 or more.
test_expect_success 'a dashboard sha label is at most 8 characters as drawn, a C1 control two of them' '
	cd repo &&
	r=$(printf "\357\277\275") &&
	>../actual &&
	for sha in "abcdefg\u0085123" "a\u0085\u0085\u0085\u0085x&" "ab&<cd\u0085\u0085"
	do
		python3 - ../dash.json ../c1.json "$sha" <<-\PY &&
		import json, sys
		d = json.load(open(sys.argv[1]))
		sha = json.loads("\"" + sys.argv[3] + "\"")
		for e in d["runs"] + [e for r in d["summary"] for e in r["history"]]:
		    if e["run_id"] == "30000006":
		        e.update(sha=sha, full_sha=sha)
		json.dump(d, open(sys.argv[2], "w"))
		PY
		test_expect_code 1 git benchwindow --file ../c1.json --svg ../c1.svg b200_cute 2026-09-08 >out 2>err &&
		xmllint --noout ../c1.svg &&
		grep -F "<text class=\"mono\"" ../c1.svg | grep -F "text-anchor=\"end\">" | sed "s/ [xy]=\"[0-9.]*\"//g" >>../actual ||
		return 1
	done &&
	cat >../expect <<-EOF &&
	<text class="mono" text-anchor="end">abcdefg$r</text>
	<text class="mono" text-anchor="end">a$r$r$r$r$r$r$r</text>
	<text class="mono" text-anchor="end">ab&amp;&lt;cd$r$r</text>
	EOF
	test_cmp ../expect ../actual
'

test_expect_success 'an unwritable file is fatal, naming it; an empty name a usage error' '
	cd repo &&
	test_expect_code 128 git benchwindow --file ../dash.json --svg ../no/such/dir/c.svg b200_cute 2026-09-08 >out 2>err &&
	echo "fatal: cannot write '\''../no/such/dir/c.svg'\'': No such file or directory" >expect &&
	test_cmp expect err &&
	usage_error_is "error: --svg needs a file name" \
		git benchwindow --file ../dash.json --svg "" b200_cute 2026-09-08
'

test_done
