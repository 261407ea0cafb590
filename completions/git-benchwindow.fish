# fish completion for git-benchwindow, which is also `git benchwindow`:
# fish's git completion forwards `git benchwindow ...` to it (fish 3.6.1
# and later; for 3.6.0, benchtriage.fish in vendor_conf.d does it).
# Platforms and kernels come from the dashboard the --file, --url or
# --pretuned already on the line name, else from the cached default one
# (--offline: completion never downloads).

# __benchtriage_args: the arguments (not options, nor their values) before
# the token being completed; `run` of git benchbisect is not one.
function __benchtriage_args
    set -l tokens (commandline -opc)
    set -l valopts (string match -r -- '--[^= ]+=' (string split ' ' -- ($tokens[1] --git-completion-helper 2>/dev/null)))
    set -e tokens[1]
    test "$tokens[1]" = run; and set -e tokens[1]
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

# The options git benchwindow and git benchbisect share (OPT_WINDOW in the
# code), and their arguments, for the command given as the first argument.
function __benchtriage_window_options -a cmd
    complete -c $cmd -l file -r -F -d 'Read the dashboard from a file (- for stdin)'
    complete -c $cmd -f -l url -r -d 'Download the dashboard from a URL'
    complete -c $cmd -f -l pretuned -d 'Use the Pretuned tab'
    complete -c $cmd -f -l offline -d 'Use the cached dashboard only'
    complete -c $cmd -f -l refresh -d 'Download even when the cache is fresh'
    complete -c $cmd -f -l timeout -r -d 'Give up the download after n seconds, retries included'
    complete -c $cmd -f -l kernel -r -d 'Follow one kernel' -a '(__benchtriage_names --list-kernels (__benchtriage_args)[1])'
    complete -c $cmd -f -l span -r -d 'Look n days either side of the date'
    complete -c $cmd -f -l all-runs -d 'Include manual and side-branch runs'
    complete -c $cmd -f -l good -r -d 'Last good revision' -a '(__fish_git_refs)'
    complete -c $cmd -f -l bad -r -d 'First bad revision' -a '(__fish_git_refs)'
    complete -c $cmd -f -l slice -r -d 'PCRE2 pattern of the slice'
    complete -c $cmd -l path -r -d 'Also count commits touching a prefix as the slice'
    complete -c $cmd -f -l json -d 'Print one JSON object'
    complete -c $cmd -f -s q -l quiet -d 'No progress, no warnings'
    complete -c $cmd -f -l color -a 'always never auto' -d 'Colour the output'
    complete -c $cmd -f -l format -r -a 'text markdown' -d 'Text, or Markdown to paste into an issue'
    complete -c $cmd -l svg -r -F -d 'Also write a chart of the series to a file'
    # With --scan every argument is a platform; else a platform and a date.
    complete -c $cmd -f -n 'not __fish_seen_argument -- --; and begin; test (count (__benchtriage_args)) -eq 0; or __fish_seen_argument -l scan; end' -a '(__benchtriage_names --list-platforms)' -d platform
    complete -c $cmd -f -n 'not __fish_seen_argument -- --; and not __fish_seen_argument -l scan; and test (count (__benchtriage_args)) -eq 1' -a 'today yesterday' -d date
end

__benchtriage_window_options git-benchwindow
complete -c git-benchwindow -f -l only-slice -d 'List only the commits in the slice'
complete -c git-benchwindow -f -l scan -d 'Report every platform'"'"'s steps in a range'
complete -c git-benchwindow -f -l since -r -d 'With --scan: from a date' -a 'yesterday today'
complete -c git-benchwindow -f -l until -r -d 'With --scan: up to a date, inclusive' -a 'yesterday today'
complete -c git-benchwindow -f -l kernels -d 'With --scan: also scan each kernel'"'"'s own series'
complete -c git-benchwindow -f -l list-platforms -d 'Print the platforms and exit'
complete -c git-benchwindow -f -l list-kernels -r -d 'Print the kernels of a platform and exit' -a '(__benchtriage_names --list-platforms)'
