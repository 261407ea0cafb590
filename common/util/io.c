#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/io.h"

int read_fd(int fd, struct strbuf *sb, size_t max)
{
	struct stat st;

	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_size > 0)
		strbuf_grow(sb, (size_t)st.st_size);
	for (;;) {
		ssize_t n;

		strbuf_grow(sb, 65536);
		n = read(fd, sb->buf + sb->len, sb->alloc - sb->len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (!n)
			break;
		sb->len += (size_t)n;
		sb->buf[sb->len] = '\0';
		if (sb->len > max)
			return 1;
	}
	return 0;
}

int write_fd(int fd, const void *data, size_t len, off_t at)
{
	const char *p = data;

	while (len) {
		ssize_t n = at < 0 ? write(fd, p, len) : pwrite(fd, p, len, at);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		p += n;
		len -= (size_t)n;
		at += at < 0 ? 0 : n;
	}
	return 0;
}

int progress_wanted(void)
{
	return isatty(2) && !usage_quiet();
}

int mkdir_p(const char *dir)
{
	char *copy = xstrdup(dir);
	int ret = 0;

	for (char *p = copy + 1; !ret; p++) {
		char c = *p;

		if (c && c != '/')
			continue;
		*p = '\0';
		if (mkdir(copy, 0777) < 0 && errno != EEXIST)
			ret = -1;
		*p = c;
		if (!c)
			break;
	}
	free(copy);
	return ret;
}
