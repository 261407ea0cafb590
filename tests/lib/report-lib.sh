# Helpers of the report tests (--format=markdown, --svg).

# outline <file>: the Markdown's structure as cmark-gfm, GitHub's parser,
# sees it (tests/lib/md-outline.py).
outline() {
	cmark-gfm -e table -t xml "$1" | python3 "$TEST_DIR/lib/md-outline.py"
}

# png_stats <png>: "<width> <height> <colours> <ink per mille> <background rgb>"
png_stats() {
	python3 "$TEST_DIR/lib/png-stats.py" "$1"
}

# usage_error_is <message> <cmd>...: the command exits 129 and its first
# line on stderr is exactly the message.
usage_error_is() {
	printf '%s\n' "$1" >expect &&
	shift &&
	test_expect_code 129 "$@" >out 2>err &&
	head -1 err >actual &&
	test_cmp expect actual
}
