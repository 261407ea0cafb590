# collider <hex> <n>: print a blob body whose object id shares the first
# <n> hex digits of <hex>, for tests of unique abbreviations (16^n tries
# at most: instant for n = 4, about a second for n = 5). Write it with
# `git hash-object -w`.
collider() {
	python3 -c '
import hashlib, sys
want, n = sys.argv[1], int(sys.argv[2])
i = 0
while True:
    body = ("[cute] collider %d\n" % i).encode()
    oid = hashlib.sha1(b"blob %d\0" % len(body) + body).hexdigest()
    if oid[:n] == want[:n] and oid != want:
        sys.stdout.write(body.decode())
        break
    i += 1
' "$1" "$2"
}

# colliding_tag <commit> <n>: print the body of an annotated tag of
# <commit> whose object id shares the first <n> hex digits of <commit>.
# Write it with `git hash-object -t tag -w`.
colliding_tag() {
	python3 -c '
import hashlib, sys
want, n = sys.argv[1], int(sys.argv[2])
i = 0
while True:
    body = ("object %s\ntype commit\ntag collider-%d\n"
            "tagger C O Llider <c@example.com> 1788000000 +0200\n\nsame prefix\n" % (want, i)).encode()
    oid = hashlib.sha1(b"tag %d\0" % len(body) + body).hexdigest()
    if oid[:n] == want[:n]:
        sys.stdout.write(body.decode())
        break
    i += 1
' "$1" "$2"
}
