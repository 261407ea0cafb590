# Drive a real interactive shell under tmux, as a person at a terminal
# would: each test script gets a tmux server of its own (-L, killed at
# exit), sends keys and reads the screen with capture-pane, waiting for
# what it expects with a bounded poll rather than fixed sleeps.
# The shells print "$ " as their prompt.

TMUX_SOCK="bt-$$-$TEST_NAME"
TMUX_WAIT=${TMUX_WAIT:-10}	# seconds before a wait gives up
TMUX_ROWS=${TMUX_ROWS:-40}	# the windows' height: a test reading long lists sets more

tmux_cmd() {
	tmux -L "$TMUX_SOCK" "$@"
}

tmux_stop() {
	tmux_cmd kill-server 2>/dev/null || :
}

# tmux_start <window> <command>...: start command in a new 160 x $TMUX_ROWS window
# from the current directory and wait for its first prompt.
tmux_start() {
	win=$1
	shift
	if tmux_cmd has-session -t bt 2>/dev/null; then
		tmux_cmd new-window -d -t bt -n "$win" -c "$PWD" "$@"
	else
		tmux_cmd -f /dev/null new-session -d -s bt -n "$win" -x 160 -y "$TMUX_ROWS" -c "$PWD" "$@"
	fi &&
	tmux_wait_screen "$win" '^\$ $'
}

# tmux_wait_screen <window> <extended-regex>: poll the screen until a line
# matches; on time-out print the screen and fail.
tmux_wait_screen() {
	end=$(($(date +%s) + TMUX_WAIT))
	while :; do
		tmux_cmd capture-pane -p -N -t "bt:$1" >"$TRASH/screen.$1" || return 1
		grep -Eq -- "$2" "$TRASH/screen.$1" && return 0
		if [ "$(date +%s)" -ge $end ]; then
			echo "tmux: no line matching '$2' on the screen of $1 after ${TMUX_WAIT}s:" >&2
			sed -e "/^ *$/d" -e "s/^/| /" "$TRASH/screen.$1" >&2
			return 1
		fi
		sleep 0.05
	done
}

# tmux_clear <window>: empty the line (C-e C-u: end of line, kill to its
# start, in the input queue like the keys after it, unlike C-c's signal)
# and clear the screen (C-l, which also takes away a list of candidates),
# then wait for the prompt alone at the top.
tmux_clear() {
	tmux_cmd send-keys -t "bt:$1" C-e C-u C-l || return 1
	end=$(($(date +%s) + TMUX_WAIT))
	while :; do
		tmux_cmd capture-pane -p -t "bt:$1" | sed '/^$/d' >"$TRASH/screen.$1" &&
		[ "$(cat "$TRASH/screen.$1")" = '$' ] && return 0
		if [ "$(date +%s)" -ge $end ]; then
			echo "tmux: the screen of $1 did not clear:" >&2
			sed 's/^/| /' "$TRASH/screen.$1" >&2
			return 1
		fi
		sleep 0.05
	done
}

# tmux_type_tab <window> <typed> [<tabs>]: on a clear line, type the text
# and press Tab (twice with <tabs> 2, as bash needs to list).
tmux_type_tab() {
	tmux_clear "$1" &&
	tmux_cmd send-keys -t "bt:$1" -l "$2" &&
	tmux_cmd send-keys -t "bt:$1" Tab &&
	if [ "${3:-1}" = 2 ]; then
		tmux_cmd send-keys -t "bt:$1" Tab
	fi
}

# tmux_tab <window> <typed> <regex> [<tabs>]: tmux_type_tab, then wait for
# a screen line matching regex ("$ " prompt included).
tmux_tab() {
	tmux_type_tab "$1" "$2" "${4:-1}" &&
	tmux_wait_screen "$1" "$3"
}

# tmux_tab_line <window> <typed> <line>: tmux_tab, then wait for a screen
# line that is <line> exactly ("$ " prompt included), taken literally.
tmux_tab_line() {
	tmux_tab "$1" "$2" "^$(printf '%s\n' "$3" | sed 's/[][\\.*^$+?(){}|]/\\&/g')\$"
}

# tmux_list <window> <typed> [<tabs>]: tmux_type_tab, then wait until the
# screen shows more than the prompt line and stays the same for a moment;
# the screen is left in $TRASH/screen.<window>.
tmux_list() {
	tmux_type_tab "$1" "$2" "${3:-1}" || return 1
	end=$(($(date +%s) + TMUX_WAIT))
	last=
	while :; do
		sleep 0.2
		now=$(tmux_cmd capture-pane -p -t "bt:$1" | sed '/^ *$/d') || return 1
		[ "$(printf '%s\n' "$now" | wc -l)" -gt 1 ] && [ "$now" = "$last" ] && break
		last=$now
		if [ "$(date +%s)" -ge $end ]; then
			echo "tmux: no steady list on the screen of $1 after ${TMUX_WAIT}s:" >&2
			printf '%s\n' "$now" | sed 's/^/| /' >&2
			return 1
		fi
	done
	printf '%s\n' "$now" >"$TRASH/screen.$1"
}
