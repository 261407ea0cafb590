# The warning of a dashboard download that failed with a cached copy to
# fall back on, as t1000 (the cache) and t9050 (-q) expect it.

# cached_copy_used <url> <why>: ./err warns that url could not be
# downloaded (why) and the cached copy, of any age, was used instead,
# with the hints of a URL named by the config bench.url.
cached_copy_used() {
	cat >expect <<-EOF &&
	warning: cannot download '$1': $2; using the cached copy from 0 seconds ago
	hint: the URL comes from the config bench.url: check it, or read a dashboard file with --file <path>
	hint: name another URL with --url <url>, or set it: git config bench.url <url>
	hint: --offline uses the cached copy without trying the network
	EOF
	sed "s/from [0-9]* seconds* ago/from 0 seconds ago/" err >actual &&
	test_cmp expect actual
}
