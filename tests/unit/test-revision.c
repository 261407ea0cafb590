#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "util/usage.h"
#include "util/config.h"
#include "util/repo.h"
#include "util/revision.h"

/* How many leading hex digits a and b share. */
static int common_hex(const git_oid *a, const git_oid *b)
{
	char ha[GIT_OID_HEXSZ + 1], hb[GIT_OID_HEXSZ + 1];
	int n = 0;

	oid_hex(ha, a);
	oid_hex(hb, b);
	while (n < GIT_OID_HEXSZ && ha[n] == hb[n])
		n++;
	return n;
}

/*
 * Write blobs into repo until two share their first 4 hex digits (a few
 * hundred, by the birthday bound); *a and *b are that pair, *lone a blob
 * alone in its 4-digit bucket.
 */
static int make_collision(git_repository *repo, git_oid *a, git_oid *b, git_oid *lone)
{
	static git_oid by_prefix[65536];
	static unsigned char count[65536];
	int have_pair = 0;

	for (int i = 0; i < 100000 && !have_pair; i++) {
		char text[64];
		git_oid oid;
		unsigned p;

		snprintf(text, sizeof(text), "[cute] blob %d\n", i);
		if (git_blob_create_from_buffer(&oid, repo, text, strlen(text)))
			return -1;
		p = (unsigned)oid.id[0] << 8 | oid.id[1];
		if (count[p]++) {
			*a = by_prefix[p];
			*b = oid;
			have_pair = 1;
		}
		by_prefix[p] = oid;
	}
	for (unsigned p = 0; p < 65536; p++)
		if (count[p] == 1) {
			*lone = by_prefix[p];
			return !have_pair;
		}
	return -1;
}

static void test_abbrev(git_repository *repo)
{
	char buf[GIT_OID_HEXSZ + 1], full[GIT_OID_HEXSZ + 1];
	git_oid a, b, lone;
	int shared;

	if (!ok(!make_collision(repo, &a, &b, &lone), "two blobs share a 4-digit prefix"))
		return;
	shared = common_hex(&a, &b);
	ok(shared >= 4, "the pair shares %d hex digits", shared);
	is_int(revision_abbrev_unique(repo, &a, 4), shared + 1, "ambiguous at 4: one digit past the shared ones");
	is_int(revision_abbrev_unique(repo, &b, 4), shared + 1, "the same for the other one");
	is_int(revision_abbrev_unique(repo, &lone, 4), 4, "a prefix nothing else has stays at 4");
	is_int(revision_abbrev_unique(repo, &lone, 8), 8, "the minimum is kept when already unique");
	is_int(revision_abbrev_unique(repo, &a, 2), shared + 1, "never under 4 digits");
	oid_hex(full, &a);
	full[shared + 1] = '\0';
	is_str(revision_abbrev(repo, &a, 4, buf), full, "repo_abbrev writes that prefix");
	oid_hex(full, &lone);
	full[7] = '\0';
	is_str(revision_abbrev(repo, &lone, 7, buf), full, "7 digits as git by default");
}

static void test_abbrev_len(void)
{
	struct config cfg;

	config_init(&cfg, NULL);
	is_int(revision_abbrev_len(&cfg, 8), 8, "unset: the command's default");
	config_parse_parameters(&cfg, "'core.abbrev=auto'");
	is_int(revision_abbrev_len(&cfg, 7), 7, "auto: the command's default");
	config_parse_parameters(&cfg, "'core.abbrev=4'");
	is_int(revision_abbrev_len(&cfg, 8), 4, "a number: that length, even under the default");
	config_parse_parameters(&cfg, "'core.abbrev=12'");
	is_int(revision_abbrev_len(&cfg, 8), 12, "or over it");
	config_parse_parameters(&cfg, "'core.abbrev=no'");
	is_int(revision_abbrev_len(&cfg, 8), 40, "no: the full name");
	config_parse_parameters(&cfg, "'core.abbrev=3'");
	is_int(revision_abbrev_len(&cfg, 8), -1, "under 4 is an error");
	config_parse_parameters(&cfg, "'core.abbrev=eight'");
	is_int(revision_abbrev_len(&cfg, 8), -1, "so is a word");
	config_release(&cfg);
}

int main(void)
{
	char dir[] = "/tmp/bt-abbrev.XXXXXX";
	git_repository *repo = NULL;

	git_libgit2_init();
	if (!mkdtemp(dir) || git_repository_init(&repo, dir, 1)) {
		printf("Bail out! cannot make a repository in %s\n", dir);
		return 1;
	}
	test_abbrev(repo);
	test_abbrev_len();
	git_repository_free(repo);
	{
		char *cmd = xstrfmt("rm -rf '%s'", dir);

		if (system(cmd))
			printf("# cannot remove %s\n", dir);
		free(cmd);
	}
	git_libgit2_shutdown();
	return done_testing();
}
