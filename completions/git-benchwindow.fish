# fish completion for git-benchwindow, which is also `git benchwindow`:
# fish's git completion forwards `git benchwindow ...` to it (fish 3.6.1
# and later; for 3.6.0, benchtriage.fish in vendor_conf.d does it).
# Platforms and kernels come from the dashboard the --file, --url or
# --pretuned already on the line name, else from the cached default one
# (--offline: completion never downloads).

# __benchtriage_args: the arguments (not options, nor their values) before
# the token being completed; `run` and `log` of git benchbisect are not
# ones (their own tables say which of their options take values), but to
# git benchwindow, which has no subcommands, `run` is a platform's name.
function __benchtriage_args
    set -l tokens (commandline -opc)
    set -l form $tokens[1]
    set -e tokens[1]
    if string match -q -- '*benchbisect' $form; and contains -- "$tokens[1]" run log
        set -a form $tokens[1]
        set -e tokens[1]
    end
    set -l valopts (string match -r -- '--[^= ]+=' (string split ' ' -- ($form --git-completion-helper 2>/dev/null)))
    while set -q tokens[1]
        switch $tokens[1]
            case --
                return
            case '--*=*' -
            case '-*'
                contains -- $tokens[1]= $valopts; and set -e tokens[1]
            case '*'
                echo $tokens[1]
        end
        set -e tokens[1]
    end
end

# __benchtriage_names <list-option> [<platform>]: the platforms, or the
# kernels of a platform (of every platform when none is given).
function __benchtriage_names
    set -l tokens (commandline -opc)
    set -l src
    for i in (seq (count $tokens))
        switch $tokens[$i]
            case '--file=*' '--url=*' --pretuned
                set -a src $tokens[$i]
            case --file --url
                set -q tokens[(math $i + 1)]; and set -a src $tokens[$i]=$tokens[(math $i + 1)]
        end
    end
    if test "$argv[1]" = --list-kernels; and test -z "$argv[2]"
        for p in (git-benchwindow --offline $src --list-platforms 2>/dev/null)
            git-benchwindow --offline $src --list-kernels $p 2>/dev/null
        end | sort -u
        return
    end
    git-benchwindow --offline $src $argv 2>/dev/null
end

# __benchtriage_cases: the values of git fixture-diff's --cases, a
# comma-separated list: the list typed so far up to its last comma that
# ends a name (not one inside a name's C quotes, "case21_a,b"), then each
# name of the --root on the line (--list-cases) not yet in the list. A
# --root in a word of its own has its leading ~ or ~user expanded, as
# fish does (__benchtriage_home; not after --root=); the tokens are unquoted already, so a
# quoted ~ is expanded too.
function __benchtriage_cases
    set -l tokens (commandline -opc)
    set -l root
    for i in (seq (count $tokens))
        switch $tokens[$i]
            case '--root=*'
                set root $tokens[$i]
            case --root
                set -q tokens[(math $i + 1)]; or continue
                set root --root=(__benchtriage_home $tokens[(math $i + 1)])
        end
    end
    # A name: C-quoted (what follows its closing quote is still its),
    # else up to the next comma.
    set -l name '(?:"(?:[^"\\\\]|\\\\.)*"[^,]*|[^",][^,]*|)'
    set -l list (commandline -ct | string unescape | string replace -r -- '^--cases=' '')
    set -l done (string match -r -- "^(?:$name,)*" $list)
    set -l typed (string match -ar -g -- "($name)," $done)
    for n in (git-fixture-diff $root --list-cases 2>/dev/null)
        contains -- $n $typed; or echo $done$n
    end
end

# __benchtriage_options <cmd> <condition> <words>...: register for <cmd>,
# when <condition> holds, every option of `<words> --git-completion-table`
# (the binary's own table: one line an option, see parse-options.c), so
# fish offers exactly the options the command accepts. An option's value
# is completed by the option's name.
function __benchtriage_options -a cmd cond
    for line in ($argv[3..-1] --git-completion-table 2>/dev/null)
        set -l f (string split \t -- $line)
        set -l spec -c $cmd -n $cond -d (string upper -- (string sub -l 1 -- $f[5]))(string sub -s 2 -- $f[5])
        test -n "$f[1]"; and set -a spec -l $f[1]
        test -n "$f[2]"; and set -a spec -s $f[2]
        contains -- $f[3] value list; and set -a spec -r
        switch $f[1]
            case file svg
                set -a spec -F
            case path method-path
            case kernel
                set -a spec -f -a '(__benchtriage_names --list-kernels (__benchtriage_args)[1])'
            case list-kernels
                set -a spec -f -a '(__benchtriage_names --list-platforms)'
            case good bad
                set -a spec -f -a '(__fish_git_refs)'
            case color
                set -a spec -f -a 'always never auto'
            case format
                set -a spec -f -a 'text markdown'
            case since until
                set -a spec -f -a 'yesterday today'
            case launcher
                set -a spec -f -a '(__fish_complete_command)'
            case root scratch-dir
                set -a spec -f -a '(__fish_complete_directories)'
            case cases
                set -a spec -f -a '(__benchtriage_cases)'
            case '*'
                set -a spec -f
        end
        complete $spec
    end
end

# The platform and date arguments of git benchwindow and git benchbisect,
# for the command given as the first argument, when the condition given
# as the second (if any) holds.
function __benchtriage_window_args -a cmd cond
    set -q cond[1]; or set cond true
    # With --scan every argument is a platform; else a platform and a date.
    complete -c $cmd -f -n "$cond; and "'not __fish_seen_argument -- --; and begin; test (count (__benchtriage_args)) -eq 0; or __fish_seen_argument -l scan; end' -a '(__benchtriage_names --list-platforms)' -d platform
    complete -c $cmd -f -n "$cond; and "'not __fish_seen_argument -- --; and not __fish_seen_argument -l scan; and test (count (__benchtriage_args)) -eq 1' -k -a '(__benchtriage_names --list-dates (__benchtriage_args)[1]) today yesterday' -d date
end

__benchtriage_window_args git-benchwindow
__benchtriage_options git-benchwindow true git-benchwindow
