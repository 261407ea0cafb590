#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/strvec.h"
#include "util/io.h"
#include "bisect/launch-wrapper.h"

/*
 * $1 the record, $2 the tree, then the command. A tree that is not there
 * (a node that does not see the scratch path) is said on standard error:
 * the record, beside the tree, cannot be written either.
 */
#define NO_TREE "benchbisect-run: no scratch tree here: "
static const char wrapper[] =
	"r=$1 d=$2; shift 2\n"
	"test -d \"$d\" || { printf '" NO_TREE "%s\\n' \"$d\" >&2; exit 127; }\n"
	"cd -- \"$d\" && echo \"started $(date +%s)\" >\"$r\" || exit 127\n"
	"case $1 in */*) test -f \"$1\" && test -x \"$1\" ;; *) command -v -- \"$1\" ;; esac "
	">/dev/null 2>&1 || { echo cannot-run >>\"$r\"; exit 127; }\n"
	"\"$@\"\n"
	"s=$?\n"
	"echo \"exit $s\" >>\"$r\"\n"
	"exit $s\n";

void launch_argv(struct strvec *argv, const char **cmd, const char *launcher, const char *record,
		 const char *dir)
{
	strvec_init(argv);
	if (launcher) {
		/* As git runs configured commands: through the shell, "$@" the command. */
		char *script = xstrfmt("%s \"$@\"", launcher);

		strvec_push(argv, "/bin/sh");
		strvec_push(argv, "-c");
		strvec_push(argv, script);
		free(script);
		strvec_push(argv, launcher);
		strvec_push(argv, "/bin/sh");
		strvec_push(argv, "-c");
		strvec_push(argv, wrapper);
		strvec_push(argv, "benchbisect-run");
		strvec_push(argv, record);
		strvec_push(argv, dir);
	}
	for (size_t i = 0; cmd[i]; i++)
		strvec_push(argv, cmd[i]);
}

int launch_started(int dir_fd)
{
	struct stat st;

	return !fstatat(dir_fd, LAUNCH_RECORD, &st, AT_SYMLINK_NOFOLLOW);
}

int launch_no_tree(const char *err)
{
	const char *p = err;

	while ((p = strstr(p, NO_TREE)))
		if (p == err || p[-1] == '\n')
			return 1;
		else
			p++;
	return 0;
}

int launch_clear_record(int dir_fd)
{
	return unlinkat(dir_fd, LAUNCH_RECORD, 0) && errno != ENOENT ? -1 : 0;
}

/*
 * The status after "exit ": 0..255 in decimal digits. The command's tree
 * is a neighbour of the record, so its bytes are not trusted (no sscanf:
 * a number past int is undefined there).
 */
static int exit_status(const char *p, int *code)
{
	int n = 0, digits = 0;

	for (; *p >= '0' && *p <= '9' && n <= 255; p++, digits++)
		n = n * 10 + (*p - '0');
	if (!digits || n > 255 || (*p && *p != '\n'))
		return 0;
	*code = n;
	return 1;
}

enum launch_outcome launch_read_record(int dir_fd, int *code)
{
	struct strbuf sb = STRBUF_INIT;
	enum launch_outcome ret = LAUNCH_FAILED;
	int fd = openat(dir_fd, LAUNCH_RECORD, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), n;
	const char *exit_line;

	if (fd < 0)
		return ret;
	if (!read_fd(fd, &sb, SIZE_MAX) && !strncmp(sb.buf, "started ", 8)) {
		ret = LAUNCH_CUT_SHORT;
		if (strstr(sb.buf, "\ncannot-run\n"))
			ret = LAUNCH_CANNOT_RUN;
		else if ((exit_line = strstr(sb.buf, "\nexit ")) && exit_status(exit_line + 6, &n)) {
			ret = LAUNCH_RAN;
			*code = n;
		}
	}
	close(fd);
	strbuf_release(&sb);
	launch_clear_record(dir_fd);
	return ret;
}
