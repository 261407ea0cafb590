#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "bisect/launch-wrapper.h"

static int dir_fd;

/* What launch_read_record() makes of a record holding text; *code -1 where it leaves it alone. */
static enum launch_outcome read_text(const char *text, int *code)
{
	int fd = openat(dir_fd, LAUNCH_RECORD, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text) || close(fd))
		abort();
	*code = -1;
	return launch_read_record(dir_fd, code);
}

static void reads(const char *text, enum launch_outcome want, int want_code, const char *name)
{
	int code;
	enum launch_outcome got = read_text(text, &code);

	ok(got == want && code == want_code && !launch_started(dir_fd), "%s (outcome %d, exit %d)", name,
	   (int)got, code);
}

int main(void)
{
	const char *tmp = getenv("TMPDIR");
	char dir[4096];
	int code = -1;

	snprintf(dir, sizeof(dir), "%s/test-launch-record-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir) || (dir_fd = open(dir, O_RDONLY | O_DIRECTORY)) < 0)
		abort();
	reads("started 1764650000\nexit 0\n", LAUNCH_RAN, 0, "the command's exit 0, and the record is gone");
	reads("started 1764650000\nexit 255\n", LAUNCH_RAN, 255, "exit 255");
	reads("started 1764650000\nexit 3", LAUNCH_RAN, 3, "an exit line without its newline");
	reads("started 1764650000\ncannot-run\n", LAUNCH_CANNOT_RUN, -1, "a command that cannot run there");
	reads("started 1764650000\n", LAUNCH_CUT_SHORT, -1, "started, never ended");
	reads("started 1764650000\nexit 256\n", LAUNCH_CUT_SHORT, -1, "an exit past 255 is no exit");
	reads("started 1764650000\nexit 99999999999999999999\n", LAUNCH_CUT_SHORT, -1,
	      "an exit past int is no exit (no undefined conversion)");
	reads("started 1764650000\nexit -1\n", LAUNCH_CUT_SHORT, -1, "a negative exit");
	reads("started 1764650000\nexit 1x\n", LAUNCH_CUT_SHORT, -1, "an exit with trailing junk");
	reads("started 1764650000\nexit \n", LAUNCH_CUT_SHORT, -1, "an exit without digits");
	reads("exit 0\n", LAUNCH_FAILED, -1, "an exit without the start line");
	reads("", LAUNCH_FAILED, -1, "an empty record");
	ok(launch_read_record(dir_fd, &code) == LAUNCH_FAILED && code == -1, "no record");
	if (symlinkat("/etc/hostname", dir_fd, LAUNCH_RECORD))
		abort();
	ok(launch_read_record(dir_fd, &code) == LAUNCH_FAILED && code == -1, "a record that is a symlink is not followed");
	ok(!launch_clear_record(dir_fd) && !launch_started(dir_fd), "the next run's clearing removes it");
	close(dir_fd);
	rmdir(dir);
	return done_testing();
}
