# Installed into fish's vendor_conf.d: makes `git benchwindow`, `git
# benchbisect` and `git fixture-diff` complete in fish 3.6.0, whose git
# completion neither lists the git-* commands in $PATH nor forwards `git
# <cmd> ...` to git-<cmd>'s completions (fish issue 9457, fixed in 3.6.1).
# With a fish that does both itself this adds nothing. It runs at each
# start of fish, so it only registers: the work happens at the first TAB.

# True when fish's git completion (loaded by then) does not forward to
# git-benchwindow; asked once per session.
function __benchtriage_git_needs_forward
    if not set -q __benchtriage_git_forwards
        set -g __benchtriage_git_forwards 0
        complete -c git | string match -qr -- '__fish_git_complete_custom_command benchwindow\b'
        and set __benchtriage_git_forwards 1
    end
    test $__benchtriage_git_forwards = 0
end

# Complete `git [<git options>] <sub> <args>...` as `git-<sub> <args>...`,
# in the directory each `-C <dir>` before <sub> leads to, as git runs
# git-<sub> there (its revisions, its cases, files relative to it). A
# leading ~ or ~user of a <dir> is expanded, as fish does
# (__benchtriage_home, in vendor_functions.d).
function __benchtriage_git_forward -a sub
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l dirs
    while set -q tokens[1]; and test "$tokens[1]" != $sub
        switch $tokens[1]
            case -C
                set -q tokens[2]; and set -a dirs $tokens[2]
                set -e tokens[1]
            case -c --git-dir --work-tree --namespace
                set -e tokens[1]
        end
        set -e tokens[1]
    end
    set -e tokens[1]
    set -l here $PWD
    for d in $dirs
        builtin cd -- (__benchtriage_home $d) 2>/dev/null; or begin
            builtin cd -- $here
            return
        end
    end
    complete -C "git-$sub "(string join ' ' -- (string escape -- $tokens) (commandline -ct))
    builtin cd -- $here
end

complete -c git -f -n '__benchtriage_git_needs_forward; and __fish_git_needs_command' -a benchwindow -d 'List the commit window behind a benchmark dashboard move'
complete -c git -f -n '__benchtriage_git_needs_forward; and __fish_git_needs_command' -a benchbisect -d 'Say what a benchmark dashboard move is; bisect it'
complete -c git -f -n '__benchtriage_git_needs_forward; and __fish_git_needs_command' -a fixture-diff -d 'Compare sched2tlx fixtures by blob identity'
for __benchtriage_sub in benchwindow benchbisect fixture-diff
    complete -c git -f -n "__benchtriage_git_needs_forward; and __fish_git_using_command $__benchtriage_sub" -a "(__benchtriage_git_forward $__benchtriage_sub)"
end
set -e __benchtriage_sub
