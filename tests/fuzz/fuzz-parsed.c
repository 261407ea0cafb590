/*
 * The parsed cache reader: a parsed file holds arbitrary bytes (damaged,
 * truncated, foreign, hostile), and parsed_cache_read() must answer a hit
 * whose dashboard holds what the header promises, or a miss, never crash
 * or read out of bounds. The input is read once as it is (the header
 * checks), then again with its header made to pass (magic, version, the
 * source's stat data, payload length and the seal, with the harness's
 * key) so that the payload checks behind it are what is fuzzed, under
 * each filter the seeds were made with.
 */
#include <sys/stat.h>
#include <unistd.h>
#include "dashboard/cache.h"
#include "dashboard/parsed.h"
#include "dashboard/parsed-format.h"
#include "fuzz.h"

#define SOURCE "/fuzz/dash.json"

/* The key the seeds are sealed with (tests/fuzz/parsed/). */
static const struct cache_key key = { { 0x6b65792d66757a7aull, 1, 2, 3 } };

static char *path, dir[] = "/tmp/bt-fuzz-parsed.XXXXXX";

static void remove_dir(void)
{
	rmdir(dir);
}

static void write_file(const void *data, size_t size)
{
	FILE *fp = fopen(path, "wb");

	if (!fp || (size && fwrite(data, 1, size, fp) != size) || fclose(fp))
		abort();
}

static void check(const struct dashboard *d)
{
	size_t sum = d->generated_at ? strlen(d->generated_at) : 0;

	for (size_t i = 0; i < d->nr_rows; i++) {
		const struct dash_row *r = &d->rows[i];

		sum += strlen(r->kernel) + strlen(r->platform) + strlen(r->platform_short);
		for (size_t j = 0; j < r->nr_history; j++) {
			const struct dash_entry *e = &r->history[j];

			sum += strlen(e->run_id) + strlen(e->sha) + strlen(e->date) +
			       strlen(e->branch) + (e->full_sha ? strlen(e->full_sha) : 0) +
			       (e->error ? strlen(e->error) : 0);
			for (size_t b = 0; b < e->nr_baselines; b++)
				sum += strlen(e->baselines[b].name);
		}
	}
	if (sum == (size_t)-1)
		abort();
}

static void read_all(const struct stat *st)
{
	struct dashboard_filter filters[4] = { { 0 } };
	struct dashboard d;

	filters[0].names_only = 1;
	filters[1].platform = "b200";
	filters[2].platform = "b200";
	filters[2].others_window = 1;
	filters[2].others_from = 1788000000;
	filters[2].others_to = 1789000000;
	filters[3].helion_only = 1;	/* a --scan's */
	dashboard_init(&d);
	if (!parsed_cache_read(&d, path, SOURCE, st, NULL, NULL, &key))
		check(&d);
	for (size_t i = 0; i < 4; i++)
		if (!parsed_cache_read(&d, path, SOURCE, st, &filters[i], NULL, &key))
			check(&d);
	dashboard_release(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct stat st = { 0 };
	struct parsed_header h;
	uint8_t *copy;

	if (!path) {
		if (!mkdtemp(dir))
			abort();
		path = xstrfmt("%s/dash.parsed", dir);
		atexit(remove_dir);
	}
	st.st_size = 45178706;
	st.st_mtim.tv_sec = 1788000000;
	st.st_mtim.tv_nsec = 123456789;
	st.st_ctim.tv_sec = 1788000001;
	st.st_ctim.tv_nsec = 987654321;
	st.st_ino = 42;
	st.st_dev = 7;
	write_file(data, size);
	read_all(&st);
	if (size >= sizeof(h)) {
		copy = xmalloc(size);
		memcpy(copy, data, size);
		memcpy(&h, copy, sizeof(h));
		memcpy(h.magic, PARSED_MAGIC, sizeof(h.magic));
		h.version = PARSED_VERSION;
		h.byte_order = BYTE_ORDER_MARK;
		h.src_size = (uint64_t)st.st_size;
		h.src_mtime_sec = (uint64_t)st.st_mtim.tv_sec;
		h.src_mtime_nsec = (uint64_t)st.st_mtim.tv_nsec;
		h.src_ctime_sec = (uint64_t)st.st_ctim.tv_sec;
		h.src_ctime_nsec = (uint64_t)st.st_ctim.tv_nsec;
		h.src_ino = (uint64_t)st.st_ino;
		h.src_dev = (uint64_t)st.st_dev;
		h.payload_len = size - sizeof(h);
		h.seal = parsed_seal(&h, parsed_payload_hash(copy + sizeof(h), h.payload_len, &key),
				     &key);
		memcpy(copy, &h, sizeof(h));
		write_file(copy, size);
		read_all(&st);
		free(copy);
	}
	unlink(path);
	return 0;
}
