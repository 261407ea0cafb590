# fish completion for git-benchbisect, which is also `git benchbisect`
# (see git-benchwindow.fish for how fish gets here).
# The options of each form come from its own table in the binary; the
# platform and date arguments are git benchwindow's: load them from its file.
# log's range argument is a revision range, completed by fish's git
# completion (loaded by then: fish completes `git benchbisect` through it).
functions -q __benchtriage_options
or source (status dirname)/git-benchwindow.fish
set -l cmd git-benchbisect

# Whether the line is `git-benchbisect run ...` (`log ...`).
function __benchtriage_bisect_run
    set -l tokens (commandline -opc)
    test "$tokens[2]" = run
end
function __benchtriage_bisect_log
    set -l tokens (commandline -opc)
    test "$tokens[2]" = log
end

__benchtriage_window_args $cmd 'not __benchtriage_bisect_log'
__benchtriage_options $cmd 'not __benchtriage_bisect_run; and not __benchtriage_bisect_log' $cmd
__benchtriage_options $cmd __benchtriage_bisect_run $cmd run
__benchtriage_options $cmd __benchtriage_bisect_log $cmd log
complete -c $cmd -f -n '__fish_is_nth_token 1' -a run -d 'Bisect the window with a benchmark command'
complete -c $cmd -f -n '__fish_is_nth_token 1' -a log -d 'List the runs recorded in git notes'
complete -c $cmd -f -n '__benchtriage_bisect_log; and __fish_seen_argument -l key' -a '(git benchbisect log --keys 2>/dev/null | string split -f1 " ")'
# log's range argument: revisions and ranges of them, as `git log`'s.
complete -c $cmd -f -n '__benchtriage_bisect_log; and not __fish_seen_argument -l key; and test (count (__benchtriage_args)) -eq 0' -k -a '(__fish_git_ranges)'
# After "--" of run: the benchmark command, then its arguments, as that
# command completes them. __fish_complete_subcommand is given the words
# after "--": left to find the command itself, it takes "run" for it.
function __benchtriage_after_dashdash
    set -l words (commandline -opc) (commandline -ct)
    set -l i (contains -i -- -- $words)
    and printf '%s\n' $words[(math $i + 1)..-1]
end
complete -c $cmd -n '__fish_seen_argument -- --' -a '(__fish_complete_subcommand --commandline (__benchtriage_after_dashdash))'
