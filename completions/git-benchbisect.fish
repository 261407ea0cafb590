# fish completion for git-benchbisect, which is also `git benchbisect`
# (see git-benchwindow.fish for how fish gets here).
# The options of each form come from its own table in the binary; the
# platform and date arguments are git benchwindow's: load them from its file.
functions -q __benchtriage_options
or source (status dirname)/git-benchwindow.fish
set -l cmd git-benchbisect

# Whether the line is `git-benchbisect run ...`.
function __benchtriage_bisect_run
    set -l tokens (commandline -opc)
    test "$tokens[2]" = run
end

__benchtriage_window_args $cmd
__benchtriage_options $cmd 'not __benchtriage_bisect_run' $cmd
__benchtriage_options $cmd __benchtriage_bisect_run $cmd run
complete -c $cmd -f -n '__fish_is_nth_token 1' -a run -d 'Bisect the window with a benchmark command'
# After "--" of run: the benchmark command, then its arguments.
complete -c $cmd -n '__fish_seen_argument -- --' -a '(__fish_complete_subcommand -- --)'
