#!/bin/bash
# common/ is one folder per module; a module includes only its own headers
# and those of the modules below it, and no include cycle exists.
. "$(dirname "$0")/lib/test-lib.sh"

test_expect_success 'the include graph of common/ keeps the module layering' '
	python3 "$SRC_DIR/tools/check-layering.py" "$SRC_DIR" >out &&
	test ! -s out
'

test_expect_success 'the checker reports an upward include and a cycle' '
	mkdir -p tree/common/util tree/common/history &&
	printf "#include \"history/a.h\"\n" >tree/common/util/b.c &&
	printf "#include \"history/c.h\"\n" >tree/common/history/a.c &&
	printf "#include \"history/a.h\"\n" >tree/common/history/c.c &&
	test_expect_code 1 python3 "$SRC_DIR/tools/check-layering.py" tree >out &&
	cat >expect <<-\EOT &&
	common/util/b.c: includes '"'"'history/a.h'"'"' of a module that is not below '"'"'util'"'"'
	include cycle: history/a -> history/c -> history/a
	EOT
	test_cmp expect out
'

test_expect_success 'the README tree names every top-level folder and every module' '
	sed -n "/^## The tree/,/^## /p" "$SRC_DIR/README.md" >readme-tree &&
	for d in $(cd "$SRC_DIR" && git ls-files | sed -n "s|^\([^/.][^/]*\)/.*|\1|p" | sort -u); do
		grep -q "\`$d/\`" readme-tree || { echo "README tree misses $d/"; return 1; }
	done &&
	for m in $(cd "$SRC_DIR/common" && ls -d */); do
		grep -q "\`$m\`" readme-tree || { echo "README tree misses common/$m"; return 1; }
	done
'

test_done
